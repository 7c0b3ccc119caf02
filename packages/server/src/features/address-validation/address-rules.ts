import { addressFields, type AddressReason, type ShipToAddress } from '@wms/contract';

/**
 * The rules an address is checked with (docs/decisions/0186-address-validation.md): each takes the
 * address (and the context) and answers its reasons; no reason from any rule is VALID. Add a rule
 * by adding a function to `addressRules`.
 */
export interface AddressRuleContext {
  /** The document the address belongs to (a sales order; a pick list without one). */
  documentType: string;
}
export type AddressRule = (address: ShipToAddress, context: AddressRuleContext) => AddressReason[];

const blank = (value: string | null): boolean => value === null || value.trim() === '';

/** Every field is needed on a label: addressFieldRequired {field}. */
export const requiredFieldsRule: AddressRule = (address) =>
  addressFields
    .filter((field) => blank(address[field]))
    .map((field) => ({ key: 'addressFieldRequired', args: { field } }));

/** Postcode patterns per country (ISO 3166-1 alpha-2); a country not listed passes. */
export const postcodePatterns: Readonly<Record<string, RegExp>> = {
  NL: /^[1-9][0-9]{3} ?[A-Z]{2}$/i,
  BE: /^[1-9][0-9]{3}$/,
  DE: /^[0-9]{5}$/,
  PL: /^[0-9]{2}-[0-9]{3}$/,
  FR: /^[0-9]{5}$/,
  GB: /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i,
  US: /^[0-9]{5}(-[0-9]{4})?$/,
  AT: /^[1-9][0-9]{3}$/,
  CH: /^[1-9][0-9]{3}$/,
  DK: /^[1-9][0-9]{3}$/,
  LU: /^(L-)?[0-9]{4}$/i,
  IT: /^[0-9]{5}$/,
  ES: /^[0-9]{5}$/,
  CZ: /^[0-9]{3} ?[0-9]{2}$/,
  SE: /^[0-9]{3} ?[0-9]{2}$/,
};

/** postcodeInvalid {postcode, country} when the country has a pattern the postcode does not match. */
export const postcodePatternRule: AddressRule = (address) => {
  if (blank(address.postcode) || blank(address.countryCode)) return [];
  const country = address.countryCode!.trim().toUpperCase();
  const pattern = postcodePatterns[country];
  const postcode = address.postcode!.trim();
  return pattern === undefined || pattern.test(postcode)
    ? []
    : [{ key: 'postcodeInvalid', args: { postcode, country } }];
};

/** countryCodeInvalid {country}: not two letters. */
export const countryCodeRule: AddressRule = (address) =>
  blank(address.countryCode) || /^[A-Z]{2}$/i.test(address.countryCode!.trim())
    ? []
    : [{ key: 'countryCodeInvalid', args: { country: address.countryCode!.trim() } }];

export const addressRules: readonly AddressRule[] = [requiredFieldsRule, countryCodeRule, postcodePatternRule];

/** The reasons of every rule (empty: the address passes). */
export function checkAddress(
  address: ShipToAddress,
  context: AddressRuleContext,
  rules: readonly AddressRule[] = addressRules,
): AddressReason[] {
  return rules.flatMap((rule) => rule(address, context));
}
