import type { BinLocation, Batch, BusinessPartner, ItemFindAnswer, OrderSummary, Serial } from '@wms/contract';
import { http } from '../../platform/http.js';

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

const path = (text: string) => encodeURIComponent(text.trim());
/** Errors are shown by the field itself, never as a notification. */
const quiet = (options: ResolveOptions) => ({ silent: true, signal: options.signal });
const itemQuery = (options: ResolveOptions) => (options.itemCode ? { itemCode: options.itemCode } : undefined);

const batchOrSerial = (found: Batch | Serial): ResolvedObject => ({
  code: found.code,
  visualCode: found.visualCode,
  name: `${found.itemCode} ${found.itemName}`,
});

/**
 * Finds the object a typed or scanned code names through its find route (spec 01 section 5:
 * object-reference fields). Throws the server's ApiError (404 unknownItemForCode, unknownLocation,
 * unknownBatch, unknownSerial, unknownBusinessPartner, unknownOrder) when there is none.
 */
export async function resolveObject(
  type: ReferenceObjectType,
  text: string,
  options: ResolveOptions = {},
): Promise<ResolvedObject> {
  switch (type) {
    case 'item': {
      const { item } = await http.get<ItemFindAnswer>(`/api/v1/item/find/${path(text)}`, quiet(options));
      return { code: item.code, visualCode: item.visualCode, name: item.name };
    }
    case 'binLocation': {
      const location = await http.get<BinLocation>(`/api/v1/bin_location/find/${path(text)}`, quiet(options));
      return { code: location.code, visualCode: location.visualCode, name: location.warehouseName };
    }
    case 'batch':
    case 'serial': {
      const found = await http.get<(Batch | Serial)[]>(`/api/v1/${type}/find/${path(text)}`, {
        ...quiet(options),
        query: itemQuery(options),
      });
      return batchOrSerial(found[0]!);
    }
    case 'businessPartner': {
      const partner = await http.get<BusinessPartner>(`/api/v1/bp/${path(text)}`, quiet(options));
      return { code: partner.code, visualCode: partner.visualCode, name: partner.name };
    }
    case 'order': {
      const order = await http.get<OrderSummary>(`/api/v1/order/${path(text)}`, quiet(options));
      return { code: order.code, visualCode: order.visualCode, name: order.businessPartnerName ?? '' };
    }
  }
}

interface Suggestion {
  code: string;
  visualCode: string;
  name?: string;
  warehouseCode?: string;
  itemName?: string;
  businessPartnerName?: string | null;
}

const autocompletePaths: Record<ReferenceObjectType, string> = {
  item: '/api/v1/item/autocomplete',
  binLocation: '/api/v1/bin_location/autocomplete',
  batch: '/api/v1/batch/autocomplete',
  serial: '/api/v1/serial/autocomplete',
  businessPartner: '/api/v1/bp/autocomplete',
  order: '/api/v1/order/autocomplete',
};

/** Up to 20 suggestions for a typed text (the type's autocomplete route). */
export async function suggestObjects(
  type: ReferenceObjectType,
  text: string,
  options: ResolveOptions = {},
): Promise<ResolvedObject[]> {
  const found = await http.get<Suggestion[]>(`${autocompletePaths[type]}/${path(text)}`, {
    ...quiet(options),
    query: type === 'batch' || type === 'serial' ? itemQuery(options) : undefined,
  });
  return found.map((entry) => ({
    code: entry.code,
    visualCode: entry.visualCode,
    name: entry.name ?? entry.itemName ?? entry.businessPartnerName ?? entry.warehouseCode ?? '',
  }));
}
