// The lookup scenarios on the large data set: item find by code and by each barcode, autocomplete by a
// rare and by a common text, bin location find by code and by barcode. Each request picks a random
// path from a list built from a random sample of the database, so no cache sees the same row twice
// in a row. Targets (issue point 8): server-side p99 <= 5 ms, and >= 50% of the ceiling's requests/s.

export const lookupTargets = { serverP99Ms: 5, ratioToCeiling: 0.5 };

const item = (code) => `/api/v1/item/find/${encodeURIComponent(code)}`;
const autocomplete = (text) => `/api/v1/item/autocomplete/${encodeURIComponent(text)}`;
const location = (code) => `/api/v1/bin_location/find/${encodeURIComponent(code)}`;

/**
 * Rare texts are no code prefix, so only the contains search finds them; they take turns: the middle
 * of a code ("I001234" of LD-I0012345: 10 items share it), the last word of a name ("#12345": about
 * 10 items), the middle of a barcode ("000012345" of 2000001234510: one item). Common texts are whole
 * words of names (thousands of items each).
 */
export function autocompleteTexts(items) {
  const rare = items.map((row, index) => {
    const lastWord = row.name.split(/\s+/).at(-1) ?? '';
    if (index % 3 === 1 && lastWord.length >= 4) return lastWord;
    if (index % 3 === 2 && row.barcode) return row.barcode.slice(2, -2);
    return row.code.slice(3, -1);
  });
  const words = new Set(
    items.flatMap((row) =>
      row.name
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => /^\p{L}{4,}$/u.test(word)),
    ),
  );
  return { rare: [...new Set(rare)].filter((text) => text.length >= 3), common: [...words] };
}

/** { name, paths } of every lookup scenario. */
export function lookupScenarios({ items, locations }) {
  const texts = autocompleteTexts(items);
  if (texts.common.length === 0) throw new Error('no common words in the sampled item names');
  return [
    { name: 'GET /api/v1/item/find/{code}, by code', paths: items.map((row) => item(row.code)) },
    { name: 'GET /api/v1/item/find/{code}, by barcode', paths: items.map((row) => item(row.barcode)) },
    { name: 'GET /api/v1/item/find/{code}, by barcode2', paths: items.map((row) => item(row.barcode2)) },
    { name: 'GET /api/v1/item/find/{code}, by barcode3', paths: items.map((row) => item(row.barcode3)) },
    { name: 'GET /api/v1/item/autocomplete/{text}, rare text', paths: texts.rare.map(autocomplete) },
    { name: 'GET /api/v1/item/autocomplete/{text}, common text', paths: texts.common.map(autocomplete) },
    { name: 'GET /api/v1/bin_location/find/{code}, by code', paths: locations.map((row) => location(row.code)) },
    { name: 'GET /api/v1/bin_location/find/{code}, by barcode', paths: locations.map((row) => location(row.barcode)) },
  ];
}

/**
 * Asks a few paths of each scenario once before the load: every answer must be 200, and the
 * autocomplete's answer sizes are reported (a rare text should find few items, a common one 20).
 */
export async function checkLookups(baseUrl, headers, scenarios) {
  const notes = {};
  for (const scenario of scenarios) {
    const sizes = [];
    for (const pathname of scenario.paths.slice(0, 20)) {
      const answer = await fetch(baseUrl + pathname, { headers });
      const text = await answer.text();
      if (answer.status !== 200) {
        throw new Error(`${scenario.name}: GET ${pathname} answered ${answer.status} ${text.slice(0, 300)}`);
      }
      const body = JSON.parse(text);
      if (Array.isArray(body)) sizes.push(body.length);
    }
    if (sizes.length > 0) notes[scenario.name] = { min: Math.min(...sizes), max: Math.max(...sizes) };
  }
  return notes;
}
