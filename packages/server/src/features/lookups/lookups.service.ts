import {
  codeKey,
  documentTypes,
  lookupLimit,
  orderTypes,
  paddedCodeKey,
  type Batch,
  type BusinessPartner,
  type OrderSummary,
  type Serial,
} from '@wms/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import * as repository from './lookups.repository.js';
import type { BatchRow, OrderRow, SerialRow } from './lookups.repository.js';

/** Object lookups for detail dialogs and object-reference fields (contract lookups.ts). */

function toBatch(row: BatchRow): Batch {
  return {
    code: row.code,
    visualCode: row.visual_code,
    mnfBatchCode: row.mnf_batch_code,
    admissionDate: row.admission_date,
    manufacturingDate: row.manufacturing_date,
    expirationDate: row.expiration_date,
    qualityControlApprovedOrNotRequired: row.quality_control_approved_or_not_required === 1,
    itemCode: row.item_code,
    itemName: row.item_name,
  };
}

function toSerial(row: SerialRow): Serial {
  return {
    code: row.code,
    visualCode: row.visual_code,
    lotCode: row.lot_code,
    mnfLotCode: row.mnf_lot_code,
    mnfSerialCode: row.mnf_serial_code,
    internalSerialCode: row.internal_serial_code,
    admissionDate: row.admission_date,
    manufacturingDate: row.manufacturing_date,
    expirationDate: row.expiration_date,
    qualityControlApprovedOrNotRequired: row.quality_control_approved_or_not_required === 1,
    itemCode: row.item_code,
    itemName: row.item_name,
  };
}

const documentTypeSchema = z.enum(documentTypes);

function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    type: documentTypeSchema.parse(row.type),
    code: row.code,
    visualCode: row.visual_code,
    status: row.status,
    businessPartnerCode: row.partner_code,
    businessPartnerName: row.partner_name,
    shipDate: row.ship_date,
  };
}

/** The item filter's id: null without a filter; 404 unknownItemForCode for an unknown item. */
async function itemIdOf(ctx: AppContext, itemCode: string | undefined): Promise<number | null> {
  return itemCode === undefined ? null : (await findItemRowOrThrow(ctx, itemCode)).id;
}

/** Batches with the code (zero-padded comparison), of one item when given; 404 unknownBatch {code} when none. */
export async function findBatches(ctx: AppContext, code: string, itemCode?: string): Promise<Batch[]> {
  const rows = await repository.findBatchesByKey(ctx.db, paddedCodeKey(code), await itemIdOf(ctx, itemCode));
  if (rows.length === 0) throw notFound('unknownBatch', { code });
  return rows.map(toBatch);
}

export async function autocompleteBatches(ctx: AppContext, text: string, itemCode?: string): Promise<Batch[]> {
  const rows = await repository.autocompleteBatches(ctx.db, codeKey(text), await itemIdOf(ctx, itemCode), lookupLimit);
  return rows.map(toBatch);
}

/** Serials with the code (zero-padded comparison), of one item when given; 404 unknownSerial {code} when none. */
export async function findSerials(ctx: AppContext, code: string, itemCode?: string): Promise<Serial[]> {
  const rows = await repository.findSerialsByKey(ctx.db, paddedCodeKey(code), await itemIdOf(ctx, itemCode));
  if (rows.length === 0) throw notFound('unknownSerial', { code });
  return rows.map(toSerial);
}

export async function autocompleteSerials(ctx: AppContext, text: string, itemCode?: string): Promise<Serial[]> {
  const rows = await repository.autocompleteSerials(ctx.db, codeKey(text), await itemIdOf(ctx, itemCode), lookupLimit);
  return rows.map(toSerial);
}

const toPartner = (row: { code: string; visual_code: string; name: string; type: string }): BusinessPartner => ({
  code: row.code,
  visualCode: row.visual_code,
  name: row.name,
  type: row.type,
});

export async function getBusinessPartner(ctx: AppContext, code: string): Promise<BusinessPartner> {
  const row = await repository.findPartnerByKey(ctx.db, paddedCodeKey(code));
  if (!row) throw notFound('unknownBusinessPartner', { code });
  return toPartner(row);
}

export async function autocompleteBusinessPartners(ctx: AppContext, text: string): Promise<BusinessPartner[]> {
  return (await repository.autocompletePartners(ctx.db, codeKey(text), lookupLimit)).map(toPartner);
}

const typeRank = (type: string) => (orderTypes as readonly string[]).indexOf(type);

/**
 * getOrder: the sales, purchase or production order with the code (case-insensitive); when
 * orders of several types share the code, the first type of orderTypes wins. 404 unknownOrder {code}.
 */
export async function findOrderOrThrow(db: DbOrTx, code: string): Promise<OrderSummary> {
  const rows = await repository.findOrdersByCodeLower(db, codeKey(code), orderTypes);
  const row = rows.sort((a, b) => typeRank(a.type) - typeRank(b.type))[0];
  if (!row) throw notFound('unknownOrder', { code });
  return toOrderSummary(row);
}

export async function getOrder(ctx: AppContext, code: string): Promise<OrderSummary> {
  return findOrderOrThrow(ctx.db, code);
}

/** getOrderAutoComplete: code-prefix matches first (in code order), then contains on code or visual code. */
export async function autocompleteOrders(ctx: AppContext, text: string): Promise<OrderSummary[]> {
  const key = codeKey(text);
  const prefix = await repository.autocompleteOrdersByPrefix(ctx.db, key, orderTypes, lookupLimit);
  let rows = prefix;
  if (prefix.length < lookupLimit) {
    const excluded = prefix.map((r) => r.id);
    const rest = await repository.autocompleteOrdersByContains(
      ctx.db,
      key,
      orderTypes,
      lookupLimit - prefix.length,
      excluded,
    );
    rest.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : typeRank(a.type) - typeRank(b.type)));
    rows = [...prefix, ...rest];
  }
  return rows.map(toOrderSummary);
}
