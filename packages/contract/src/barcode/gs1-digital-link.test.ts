import { describe, expect, it } from 'vitest';
import { parseGs1DigitalLink } from './gs1.js';

const now = new Date('2024-06-15T12:00:00Z');

describe('parseGs1DigitalLink: GS1 Digital Link examples', () => {
  it('reads https://id.gs1.org/01/09506000134352/10/AB-123?17=201225', () => {
    const data = parseGs1DigitalLink('https://id.gs1.org/01/09506000134352/10/AB-123?17=201225', now);
    expect(data).toMatchObject({ gtin: '09506000134352', batch: 'AB-123', expirationDate: '2020-12-25', serial: null });
    expect(data?.elements.map((element) => element.ai)).toEqual(['01', '10', '17']);
  });

  it('reads a GTIN with batch and serial, an SSCC, and a path stem of the brand', () => {
    expect(parseGs1DigitalLink('https://id.gs1.org/01/09521234543213/10/ABC123/21/12345', now)).toMatchObject({
      gtin: '09521234543213',
      batch: 'ABC123',
      serial: '12345',
    });
    expect(parseGs1DigitalLink('https://id.gs1.org/01/09521234543213/10/ABC123?17=261231', now)?.expirationDate).toBe(
      '2026-12-31',
    );
    expect(parseGs1DigitalLink('https://id.gs1.org/00/106141411234567897', now)?.sscc).toBe('106141411234567897');
    expect(parseGs1DigitalLink('https://example.com/products/01/09521234543213', now)?.gtin).toBe('09521234543213');
    expect(parseGs1DigitalLink('HTTP://EXAMPLE.COM/01/09521234543213/', now)?.gtin).toBe('09521234543213');
  });

  it('decodes percent-encoded values', () => {
    const data = parseGs1DigitalLink('https://id.gs1.org/01/09521234543213/22/ABC%2d123?99=XYZ%2F987', now);
    expect(data?.elements.map((element) => [element.ai, element.value])).toEqual([
      ['01', '09521234543213'],
      ['22', 'ABC-123'],
      ['99', 'XYZ/987'],
    ]);
  });

  it('pads a GTIN-8, -12 or -13 in the path to 14 digits', () => {
    expect(parseGs1DigitalLink('https://id.gs1.org/01/9506000134352', now)?.gtin).toBe('09506000134352');
    expect(parseGs1DigitalLink('https://id.gs1.org/01/036000291452', now)?.gtin).toBe('00036000291452');
    expect(parseGs1DigitalLink('https://id.gs1.org/01/96385074', now)?.gtin).toBe('00000096385074');
  });

  it('reads the convenience alphas of Digital Link 1.0', () => {
    expect(
      parseGs1DigitalLink('https://example.com/gtin/09506000134352/lot/ABC1/ser/12345?exp=180426', now),
    ).toMatchObject({
      gtin: '09506000134352',
      batch: 'ABC1',
      serial: '12345',
      expirationDate: '2018-04-26',
    });
  });

  it('ignores query parameters that are not AIs, and the fragment', () => {
    const data = parseGs1DigitalLink(
      'https://id.gs1.org/01/09506000134352?linkType=gs1:pip&3103=000189&utm_source=x#top',
      now,
    );
    expect(data).toMatchObject({ gtin: '09506000134352', netWeightKg: 0.189 });
    expect(data?.elements).toHaveLength(2);
  });

  it('accepts a symbology identifier in front', () => {
    expect(parseGs1DigitalLink(']Q1https://id.gs1.org/01/09506000134352', now)?.gtin).toBe('09506000134352');
  });
});

describe('parseGs1DigitalLink: what is not a Digital Link', () => {
  it.each([
    ['a wrong check digit', 'https://id.gs1.org/01/09506000134353/10/AB-123'],
    ['no primary key', 'https://example.com/products/123'],
    ['a data attribute in the path', 'https://id.gs1.org/01/09506000134352/17/201225'],
    ['a qualifier of another key', 'https://id.gs1.org/00/106141411234567897/10/ABC'],
    ['a key without a value', 'https://id.gs1.org/01'],
    ['an empty query value', 'https://id.gs1.org/01/09506000134352?17='],
    ['an impossible date in the query', 'https://id.gs1.org/01/09506000134352?17=201332'],
    ['broken percent-encoding', 'https://id.gs1.org/01/09506000134352/10/AB%E0%A4%A'],
    ['another scheme', 'ftp://id.gs1.org/01/09506000134352'],
    ['an element string', '0109506000134352'],
    ['a blank inside', 'https://id.gs1.org/01/09506000134352/10/A B'],
  ])('refuses %s', (_name, uri) => {
    expect(parseGs1DigitalLink(uri, now)).toBeNull();
  });
});
