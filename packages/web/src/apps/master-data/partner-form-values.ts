import {
  businessPartnerCreateRequestSchema,
  businessPartnerUpdateRequestSchema,
  type BusinessPartnerCreateRequest,
  type BusinessPartnerMaster,
  type BusinessPartnerUpdateRequest,
} from '@wms/contract';
import { addressCreateBody, type AddressValues } from './address-form-values.js';
import { schemaErrors } from './form-errors.js';
import { changedFields, optional, type FieldErrors } from './form-values.js';
import { masterDataApi } from './master-data-api.js';
import type { SaveAttempt } from './useRecordForm.js';

type PartnerType = BusinessPartnerMaster['type'];

/** The business partner form; `addresses` are those of a new partner (an existing one saves each on its own). */
export interface PartnerValues {
  code: string;
  visualCode: string;
  name: string;
  type: PartnerType;
  active: boolean;
  addresses: AddressValues[];
}

export function partnerValues(partner: BusinessPartnerMaster | null): PartnerValues {
  return {
    code: partner?.code ?? '',
    visualCode: partner && partner.visualCode !== partner.code ? partner.visualCode : '',
    name: partner?.name ?? '',
    type: partner?.type ?? 'CUSTOMER',
    active: partner?.active ?? true,
    addresses: [],
  };
}

export const partnerFormFields: readonly string[] = Object.keys(partnerValues(null));

const fieldsOf = (values: PartnerValues) => ({
  visualCode: optional(values.visualCode),
  name: values.name.trim(),
  type: values.type,
  active: values.active,
});

/** A new partner with its addresses, or the changed fields of one with the version read. */
export function partnerSaveAttempt(
  values: PartnerValues,
  base: BusinessPartnerMaster | null,
): SaveAttempt<BusinessPartnerMaster> {
  const errors: FieldErrors = {};
  if (base === null) {
    const body: BusinessPartnerCreateRequest = {
      ...fieldsOf(values),
      code: values.code.trim(),
      ...(values.addresses.length
        ? { addresses: values.addresses.map((address) => addressCreateBody(address).body) }
        : {}),
    };
    schemaErrors(businessPartnerCreateRequestSchema, body, errors);
    return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.createBusinessPartner(body) };
  }
  const body: BusinessPartnerUpdateRequest = {
    ...changedFields(fieldsOf(values), fieldsOf(partnerValues(base))),
    version: base.version,
  };
  schemaErrors(businessPartnerUpdateRequestSchema, body, errors);
  return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.updateBusinessPartner(base.code, body) };
}
