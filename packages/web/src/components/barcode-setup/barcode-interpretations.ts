/** A symbology identifier a scanner may put in front of the data (ISO/IEC 15424): `]` + letter + character. */
const symbologyPrefix = /^\][A-Za-z][0-9A-Za-z]/;
/** FNC1 as scanners send it: the ASCII group separator. */
const groupSeparator = new RegExp(String.fromCharCode(0x1d), 'g');

/** The GS1 check digit of the digits before it is right (GTIN-8/12/13/14 all use the same rule). */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let index = 0; index < body.length; index += 1) {
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** The GTIN-14 of GS1 application identifier 01, in the bracketed or the plain element string form. */
function gtinOf(text: string): string | null {
  const bracketed = /\(01\)(\d{14})(?!\d)/.exec(text);
  if (bracketed) return hasValidCheckDigit(bracketed[1]!) ? bracketed[1]! : null;
  const plain = /^01(\d{14})/.exec(text);
  return plain && hasValidCheckDigit(plain[1]!) ? plain[1]! : null;
}

/**
 * What a scanned or typed barcode may stand for, for the barcode setup: the
 * GTIN-14 of a GS1 element string (AI 01, check digit verified) and the text itself, each once,
 * the GTIN first. Symbology prefixes (]C1, ]d2, ]Q3, ...) and FNC1/GS characters are removed
 * first, surrounding white space too. Nothing left: [].
 */
export function barcodeInterpretations(text: string): string[] {
  const cleaned = text.trim().replace(symbologyPrefix, '').replace(groupSeparator, '').trim();
  if (!cleaned) return [];
  const found: string[] = [];
  const gtin = gtinOf(cleaned);
  if (gtin) found.push(gtin);
  if (!found.includes(cleaned)) found.push(cleaned);
  return found;
}
