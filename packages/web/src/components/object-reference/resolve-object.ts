import { binLocationEndpoints, itemEndpoints, lookupEndpoints, type Batch, type Serial } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

/** The object types an ObjectReferenceField resolves (each has a find route). */
export type ReferenceObjectType = 'item' | 'binLocation' | 'batch' | 'serial' | 'businessPartner' | 'order';

/** A resolved object: its code, the code as shown, and a name to show beside it. */
export interface ResolvedObject {
  code: string;
  visualCode: string;
  name: string;
}

export interface ResolveOptions {
  /** Batches and serials of this item only. */
  itemCode?: string;
  signal?: AbortSignal;
}

/** Errors are shown by the field itself, never as a notification. */
const quiet = (options: ResolveOptions) => ({ silent: true, signal: options.signal });
const itemQuery = (options: ResolveOptions) => (options.itemCode ? { itemCode: options.itemCode } : {});

const named = (found: { code: string; visualCode: string }, name: string): ResolvedObject => ({
  code: found.code,
  visualCode: found.visualCode,
  name,
});
const batchOrSerial = (found: Batch | Serial): ResolvedObject => named(found, `${found.itemCode} ${found.itemName}`);

/**
 * Finds the object a typed or scanned code names through its find route (for the
 * object-reference fields). Throws the server's ApiError (404 unknownItemForCode, unknownLocation,
 * unknownBatch, unknownSerial, unknownBusinessPartner, unknownOrder) when there is none.
 */
export async function resolveObject(
  type: ReferenceObjectType,
  text: string,
  options: ResolveOptions = {},
): Promise<ResolvedObject> {
  const params = { code: text.trim() };
  switch (type) {
    case 'item': {
      const { item } = await callApi(itemEndpoints.find, { params }, quiet(options));
      return named(item, item.name);
    }
    case 'binLocation': {
      const location = await callApi(binLocationEndpoints.find, { params }, quiet(options));
      return named(location, location.warehouseName);
    }
    case 'batch':
    case 'serial': {
      const endpoint = type === 'batch' ? lookupEndpoints.findBatches : lookupEndpoints.findSerials;
      const found = await callApi(endpoint, { params, query: itemQuery(options) }, quiet(options));
      return batchOrSerial(found[0]!);
    }
    case 'businessPartner': {
      const partner = await callApi(lookupEndpoints.businessPartner, { params }, quiet(options));
      return named(partner, partner.name);
    }
    case 'order': {
      const order = await callApi(lookupEndpoints.order, { params }, quiet(options));
      return named(order, order.businessPartnerName ?? '');
    }
  }
}

/** Up to 20 suggestions for a typed text (the type's autocomplete route). */
export async function suggestObjects(
  type: ReferenceObjectType,
  text: string,
  options: ResolveOptions = {},
): Promise<ResolvedObject[]> {
  const params = { text: text.trim() };
  switch (type) {
    case 'item':
      return (await callApi(itemEndpoints.autocomplete, { params }, quiet(options))).map((entry) =>
        named(entry, entry.name),
      );
    case 'binLocation':
      return (await callApi(binLocationEndpoints.autocomplete, { params }, quiet(options))).map((entry) =>
        named(entry, entry.warehouseCode),
      );
    case 'batch':
    case 'serial': {
      const endpoint = type === 'batch' ? lookupEndpoints.autocompleteBatches : lookupEndpoints.autocompleteSerials;
      const found = await callApi(endpoint, { params, query: itemQuery(options) }, quiet(options));
      return found.map((entry) => named(entry, entry.itemName));
    }
    case 'businessPartner':
      return (await callApi(lookupEndpoints.autocompleteBusinessPartners, { params }, quiet(options))).map((entry) =>
        named(entry, entry.name),
      );
    case 'order':
      return (await callApi(lookupEndpoints.autocompleteOrders, { params }, quiet(options))).map((entry) =>
        named(entry, entry.businessPartnerName ?? ''),
      );
  }
}
