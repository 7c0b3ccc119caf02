import { z } from 'zod';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Address validation of ship-to addresses (issue 19; docs/decisions/0186-address-validation.md).
 *
 * A record per (sales order, ship-to): the order's ship_to_address and, on multi-address orders,
 * each other address its lines' extras carry. Status VALID | INVALID | OVERRIDDEN with the reasons
 * of the rules ({key, args}, translated in the web's addressValidation namespace), the original
 * address as imported and the current (edited) one, a version and a history.
 *
 * Under /api/v1/address/ (role addressValidation; admin holds it):
 * - GET  all?status&search&offset&limit     the records (default status INVALID), paged
 * - GET  :id                                one record with its history
 * - POST :id/edit {version, address}        writes the address back to the order and its open
 *                                           pick lists, and validates it again
 * - POST :id/revalidate {version}           validates again with the rules
 * - POST :id/approve {version}              VALID when the rules pass now, else 422
 *                                           addressStillInvalid {reasons}
 * - POST :id/override {version, comment}    OVERRIDDEN (comment 1..500 characters), logged
 * Refusals: 404 unknownAddressValidation {id}; 412 optimisticLockConflict; 422 addressStillInvalid.
 * Delivery creation refuses an INVALID address: 422 addressNotValidated {address, reasons}.
 */
export const addressValidationStatuses = ['VALID', 'INVALID', 'OVERRIDDEN'] as const;
export type AddressValidationStatus = (typeof addressValidationStatuses)[number];
export const addressFields = ['name', 'street', 'postcode', 'city', 'countryCode'] as const;
export type AddressField = (typeof addressFields)[number];

const field = (max: number) => z.string().trim().max(max).nullable();
/** A ship-to address as sales orders carry it (document.ship_to_address, line extras shipTo). */
export const shipToAddressSchema = z.object({
  name: field(200),
  street: field(200),
  postcode: field(20),
  city: field(100),
  /** ISO 3166-1 alpha-2; the server stores it upper case. */
  countryCode: field(2),
});
export type ShipToAddress = z.output<typeof shipToAddressSchema>;

/** Why an address fails: a key of the addressValidation namespace with its arguments. */
export const addressReasonSchema = z.object({
  key: z.string(),
  args: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AddressReason = z.infer<typeof addressReasonSchema>;

export const addressHistoryActions = ['VALIDATE', 'EDIT', 'REVALIDATE', 'APPROVE', 'OVERRIDE'] as const;
export const addressHistoryEntrySchema = z.object({
  action: z.enum(addressHistoryActions),
  username: z.string().nullable(),
  at: isoDateTime,
  status: z.enum(addressValidationStatuses),
  before: shipToAddressSchema.nullable(),
  after: shipToAddressSchema.nullable(),
  comment: z.string().nullable(),
});
export type AddressHistoryEntry = z.infer<typeof addressHistoryEntrySchema>;

export const addressValidationSchema = z.object({
  id: z.number().int(),
  /** The sales order (or a pick list without one) the address belongs to. */
  documentType: z.string(),
  documentCode: z.string(),
  customer: z.string().nullable(),
  customerName: z.string().nullable(),
  status: z.enum(addressValidationStatuses),
  reasons: z.array(addressReasonSchema),
  original: shipToAddressSchema,
  address: shipToAddressSchema,
  version: z.number().int(),
  updatedAt: isoDateTime,
});
export type AddressValidation = z.infer<typeof addressValidationSchema>;
export const addressValidationDetailSchema = addressValidationSchema.extend({
  history: z.array(addressHistoryEntrySchema),
});
export type AddressValidationDetail = z.infer<typeof addressValidationDetailSchema>;

export const addressValidationQuerySchema = z.object({
  status: z.enum(addressValidationStatuses).default('INVALID'),
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AddressValidationQuery = z.input<typeof addressValidationQuerySchema>;
export const addressValidationPageSchema = z.object({
  rows: z.array(addressValidationSchema),
  total: z.number().int(),
});
export type AddressValidationPage = z.infer<typeof addressValidationPageSchema>;

export const addressValidationParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const version = z.number().int().min(0);
export const addressEditRequestSchema = z.object({ version, address: shipToAddressSchema });
export type AddressEditRequest = z.input<typeof addressEditRequestSchema>;
export const addressVersionRequestSchema = z.object({ version });
export const addressOverrideRequestSchema = z.object({ version, comment: z.string().trim().min(1).max(500) });
export type AddressOverrideRequest = z.input<typeof addressOverrideRequestSchema>;

const validators = rolesAccess('addressValidation');

export const addressValidationEndpoints = defineEndpoints('address', {
  all: {
    method: 'GET',
    path: '/api/v1/address/all',
    access: validators,
    query: addressValidationQuerySchema,
    answer: addressValidationPageSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/address/:id',
    access: validators,
    params: addressValidationParamsSchema,
    answer: addressValidationDetailSchema,
  },
  edit: {
    method: 'POST',
    path: '/api/v1/address/:id/edit',
    access: validators,
    params: addressValidationParamsSchema,
    body: addressEditRequestSchema,
    answer: addressValidationDetailSchema,
  },
  revalidate: {
    method: 'POST',
    path: '/api/v1/address/:id/revalidate',
    access: validators,
    params: addressValidationParamsSchema,
    body: addressVersionRequestSchema,
    answer: addressValidationDetailSchema,
  },
  approve: {
    method: 'POST',
    path: '/api/v1/address/:id/approve',
    access: validators,
    params: addressValidationParamsSchema,
    body: addressVersionRequestSchema,
    answer: addressValidationDetailSchema,
  },
  override: {
    method: 'POST',
    path: '/api/v1/address/:id/override',
    access: validators,
    params: addressValidationParamsSchema,
    body: addressOverrideRequestSchema,
    answer: addressValidationDetailSchema,
  },
});
