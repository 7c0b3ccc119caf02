/**
 * Code matching (issue 4): every object code matches without regard to case; batch,
 * serial and business partner codes also compare zero-padded to 64 characters, so an ERP
 * code `00123` and a scanned `123` name the same batch.
 */
export const paddedCodeLength = 64;

/** The lookup key of an item, bin location or warehouse code: trimmed and lower-cased. */
export function codeKey(code: string): string {
  return code.trim().toLowerCase();
}

/** The lookup key of a batch, serial or business partner code: lower-cased, zero-padded to 64. */
export function paddedCodeKey(code: string): string {
  return codeKey(code).padStart(paddedCodeLength, '0');
}

/** Whether two item, location or warehouse codes name the same object. */
export function sameCode(a: string, b: string): boolean {
  return codeKey(a) === codeKey(b);
}

/** Whether two batch, serial or partner codes name the same object (zero-padded comparison). */
export function samePaddedCode(a: string, b: string): boolean {
  return paddedCodeKey(a) === paddedCodeKey(b);
}
