import {
  labelGeneratorEndpoints as endpoints,
  type ActionBarcodePrintRequest,
  type ActionBarcodeSheet,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

/** The label generator's calls (contract api/label-generator.ts); failures are shown by the HTTP client. */
export const actionBarcodesApi = {
  /** The sheet as a PDF on A4. */
  pdf: async (sheet: ActionBarcodeSheet): Promise<Blob> =>
    (await callApi(endpoints.actionBarcodesPdf, { body: sheet }, { responseType: 'blob' })) as Blob,
  print: (request: ActionBarcodePrintRequest) => callApi(endpoints.actionBarcodesPrint, { body: request }),
};
