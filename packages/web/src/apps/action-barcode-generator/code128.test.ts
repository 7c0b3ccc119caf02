import { describe, expect, it } from 'vitest';
import { code128Bars, code128Values, code128Widths, isCode128Text, quietZoneModules } from './code128.js';

/** What bwip-js (the server's encoder) gives for the same texts: bar and space widths. */
const bwipJs: Record<string, number[]> = {
  _be_logout_: [
    2, 1, 1, 2, 1, 4, 1, 1, 1, 2, 2, 4, 1, 2, 1, 4, 2, 1, 1, 1, 2, 2, 1, 4, 1, 1, 1, 2, 2, 4, 2, 2, 1, 1, 1, 4, 1, 3, 4,
    1, 1, 1, 1, 2, 2, 1, 1, 4, 1, 3, 4, 1, 1, 1, 1, 2, 4, 2, 1, 1, 1, 2, 4, 1, 1, 2, 1, 1, 1, 2, 2, 4, 1, 1, 4, 1, 1, 3,
    2, 3, 3, 1, 1, 1, 2,
  ],
  '[PLUS5]': [
    2, 1, 1, 2, 1, 4, 3, 3, 2, 1, 1, 1, 3, 1, 3, 1, 2, 1, 1, 3, 2, 1, 3, 1, 2, 1, 3, 1, 3, 1, 2, 1, 3, 1, 1, 3, 2, 1, 3,
    2, 1, 2, 2, 2, 1, 4, 1, 1, 1, 2, 2, 4, 1, 1, 2, 3, 3, 1, 1, 1, 2,
  ],
};

describe('Code 128 (set B)', () => {
  it('encodes exactly as the label printer pipeline (bwip-js) does', () => {
    for (const [text, widths] of Object.entries(bwipJs)) expect(code128Widths(text)).toEqual(widths);
  });

  it('ends with the modulo 103 check value: "Wikipedia" checks to 88', () => {
    expect(code128Values('Wikipedia').at(-1)).toBe(88);
    expect(code128Values('Wikipedia')[0]).toBe(104);
  });

  it('makes 11 modules a character, 35 for start, check and stop, plus the quiet zones', () => {
    const { bars, modules } = code128Bars('_be_redirect_/item/item_info');
    expect(modules).toBe(11 * 28 + 35 + 2 * quietZoneModules);
    expect(bars[0]).toEqual({ x: quietZoneModules, width: 2 });
    const last = bars.at(-1)!;
    expect(last.x + last.width).toBe(modules - quietZoneModules);
  });

  it('holds printable ASCII only', () => {
    expect(isCode128Text('[MIN2.5]')).toBe(true);
    expect(isCode128Text('Łódź')).toBe(false);
    expect(() => code128Values('tab\there')).toThrow();
  });
});
