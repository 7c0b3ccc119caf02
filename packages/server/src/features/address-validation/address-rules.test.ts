import type { ShipToAddress } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { addressKey, addressOf } from './address-json.js';
import { checkAddress, postcodePatterns } from './address-rules.js';

const context = { documentType: 'SALES_ORDER' };
const address = (changes: Partial<ShipToAddress> = {}): ShipToAddress => ({
  name: 'Bakker Retail BV',
  street: 'Havenweg 12',
  postcode: '3011 AB',
  city: 'Rotterdam',
  countryCode: 'NL',
  ...changes,
});

describe('address rules', () => {
  it('passes a complete address with a postcode of its country', () => {
    expect(checkAddress(address(), context)).toEqual([]);
  });

  it('names every missing field', () => {
    expect(checkAddress(address({ name: null, street: '  ', city: null }), context)).toEqual([
      { key: 'addressFieldRequired', args: { field: 'name' } },
      { key: 'addressFieldRequired', args: { field: 'street' } },
      { key: 'addressFieldRequired', args: { field: 'city' } },
    ]);
  });

  it.each([
    ['NL', '3011 AB', 'ABCDE'],
    ['BE', '1000', '01000'],
    ['DE', '10115', '1011'],
    ['PL', '00-950', '00950'],
    ['FR', '75001', '7500'],
    ['GB', 'SW1A 1AA', '12345'],
    ['US', '90210-1234', '9021'],
    ['AT', '1010', '10100'],
    ['CH', '8001', '800'],
    ['DK', '2100', '21000'],
  ])('checks the postcode pattern of %s', (country, good, bad) => {
    expect(checkAddress(address({ countryCode: country, postcode: good }), context)).toEqual([]);
    expect(checkAddress(address({ countryCode: country, postcode: bad }), context)).toEqual([
      { key: 'postcodeInvalid', args: { postcode: bad, country } },
    ]);
  });

  it('has patterns for at least the ten countries of the decision', () => {
    for (const country of ['NL', 'BE', 'DE', 'PL', 'FR', 'GB', 'US', 'AT', 'CH', 'DK']) {
      expect(postcodePatterns[country]).toBeDefined();
    }
  });

  it('lets a postcode of an unknown country pass and refuses a malformed country code', () => {
    expect(checkAddress(address({ countryCode: 'ZZ', postcode: 'anything' }), context)).toEqual([]);
    expect(checkAddress(address({ countryCode: 'N1' }), context)).toEqual([
      { key: 'countryCodeInvalid', args: { country: 'N1' } },
    ]);
  });

  it('keys an address canonically, whatever its field order, case or blanks', () => {
    const stored =
      '{"city":" Rotterdam ","countryCode":"nl","name":"Bakker Retail BV","postcode":"3011 AB","street":"Havenweg 12"}';
    expect(addressKey(addressOf(stored)!)).toBe(addressKey(address()));
    expect(addressOf('not json')).toBeNull();
    expect(addressOf('{"name":""}')).toBeNull();
  });
});
