/**
 * Shipping container codes (decision 0183). With a GS1 company prefix: an SSCC (GS1 AI 00), 18
 * digits: the extension digit 0, the company prefix (7-11 digits), a serial reference filling up
 * to 17 digits, and the GS1 mod-10 check digit. Without one: `C` and an 8-digit number.
 */

/** The GS1 mod-10 check digit of the digits (weights 3 and 1 from the right). */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`not digits: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 18 digits whose last is the check digit of the others. */
export function isValidSscc(code: string): boolean {
  return /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === Number(code[17]);
}

/**
 * The SSCC of the serial number under the company prefix; the serial number is taken modulo the
 * serial reference's range (it has 16 - prefix length digits).
 */
export function makeSscc(companyPrefix: string, serialNumber: number): string {
  if (!/^\d{7,11}$/.test(companyPrefix))
    throw new Error(`GS1 company prefix of 7-11 digits expected: ${companyPrefix}`);
  const width = 16 - companyPrefix.length;
  const reference = String(serialNumber % 10 ** width).padStart(width, '0');
  const body = `0${companyPrefix}${reference}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** The internal container code of the number (no GS1 prefix set). */
export function makeInternalContainerCode(serialNumber: number): string {
  return `C${String(serialNumber).padStart(8, '0')}`;
}
