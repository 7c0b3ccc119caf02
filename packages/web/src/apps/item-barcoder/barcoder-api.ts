import {
  itemActionEndpoints,
  itemEndpoints,
  setupListEndpoints,
  type Item,
  type ItemSuggestion,
  type ItemsWithoutBarcodeAnswer,
  type SetItemBarcodeRequest,
} from '@wms/contract';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** A quiet call whose failure the engine shows as one keyed notice (handheld/keyed-failure.ts). */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/** The barcoder's calls; the step tests replace them. */
export interface BarcoderApi {
  itemsWithoutBarcode(location: string): Promise<ItemsWithoutBarcodeAnswer>;
  /** The items a text matches (code, name, barcodes); a failure answers none. */
  search(text: string): Promise<ItemSuggestion[]>;
  setBarcode(item: string, request: SetItemBarcodeRequest): Promise<Item>;
}

export const barcoderApi: BarcoderApi = {
  itemsWithoutBarcode: (code) =>
    quietly(() => callApi(setupListEndpoints.itemsWithoutBarcode, { params: { code } }, quiet)),
  search: (text) => callApi(itemEndpoints.autocomplete, { params: { text } }, quiet).catch(() => []),
  setBarcode: (code, body) => quietly(() => callApi(itemActionEndpoints.setBarcode, { params: { code }, body }, quiet)),
};
