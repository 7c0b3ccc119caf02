import {
  addressCreateRequestSchema,
  addressUpdateRequestSchema,
  type AddressCreateRequest,
  type AddressUpdateRequest,
  type BusinessPartnerAddress,
} from '@wms/contract';
import { placeApiError, schemaErrors, type PlacedError } from './form-errors.js';
import { changedFields, optional, text, type FieldErrors } from './form-values.js';

/** A business partner's address as its form edits it. */
export interface AddressValues {
  code: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
  isDefaultShipTo: boolean;
  active: boolean;
}

export function addressValues(address: BusinessPartnerAddress | null): AddressValues {
  return {
    code: address?.code ?? '',
    name: text(address?.name),
    street: text(address?.street),
    postcode: text(address?.postcode),
    city: text(address?.city),
    countryCode: text(address?.countryCode),
    isDefaultShipTo: address?.isDefaultShipTo ?? false,
    active: address?.active ?? true,
  };
}

export const addressFormFields: readonly string[] = Object.keys(addressValues(null));

const fieldsOf = (values: AddressValues) => ({
  name: optional(values.name),
  street: optional(values.street),
  postcode: optional(values.postcode),
  city: optional(values.city),
  countryCode: optional(values.countryCode.toUpperCase()),
  isDefaultShipTo: values.isDefaultShipTo,
  active: values.active,
});

/** A new address's request, or the schema's refusals. */
export function addressCreateBody(values: AddressValues): { body: AddressCreateRequest; errors: FieldErrors } {
  const body: AddressCreateRequest = { ...fieldsOf(values), code: values.code.trim() };
  return { body, errors: schemaErrors(addressCreateRequestSchema, body) };
}

/** The changed fields of an address with its version, or the schema's refusals. */
export function addressUpdateBody(
  values: AddressValues,
  base: BusinessPartnerAddress,
): { body: AddressUpdateRequest; errors: FieldErrors } {
  const body: AddressUpdateRequest = {
    ...changedFields(fieldsOf(values), fieldsOf(addressValues(base))),
    version: base.version,
  };
  return { body, errors: schemaErrors(addressUpdateRequestSchema, body) };
}

/** The server names an address's code addressCode and its default flag defaultShipTo. */
const addressFieldOf: Partial<Record<string, string>> = { addressCode: 'code', defaultShipTo: 'isDefaultShipTo' };

/** A refusal of an address write, placed at the address form's field. */
export function placeAddressError(error: unknown): PlacedError[] {
  return placeApiError(error, [...addressFormFields, ...Object.keys(addressFieldOf)]).map((placed) => ({
    ...placed,
    field: placed.field === null ? null : (addressFieldOf[placed.field] ?? placed.field),
  }));
}
