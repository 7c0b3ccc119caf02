/**
 * A Code 128 encoder for the preview: code set B (every printable ASCII character, which is
 * what a Code 128 action barcode holds), the modulo 103 check character and the stop pattern.
 * The printed label is drawn by the server (bwip-js); both read back as the same text.
 */

/** Bar and space widths (in modules, bar first) of the symbol values 0..105, and the stop. */
const patterns = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ' +
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ' +
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ' +
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ' +
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ' +
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ' +
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ' +
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ' +
  '211214 211232'
).split(' ');
const startB = 104;
const stop = '2331112';
/** Light modules on each side of the symbol. */
export const quietZoneModules = 10;

/** Whether Code 128 code set B holds the text: printable ASCII only. */
export function isCode128Text(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** The symbol values of the text: start B, one value a character, the check value. */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new Error('Code 128 set B holds printable ASCII only');
  const values = [startB, ...[...text].map((char) => char.charCodeAt(0) - 32)];
  const check = values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
  return [...values, check];
}

/** Bar and space widths of the whole symbol (bar first, no quiet zone). */
export function code128Widths(text: string): number[] {
  const widths = [...code128Values(text).map((value) => patterns[value]!), stop].join('');
  return [...widths].map(Number);
}

/** The bars as rectangles: x and width in modules; the symbol's total width in modules. */
export function code128Bars(text: string): { bars: { x: number; width: number }[]; modules: number } {
  const bars: { x: number; width: number }[] = [];
  let x = quietZoneModules;
  code128Widths(text).forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x + quietZoneModules };
}
