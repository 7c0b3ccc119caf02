import { packingSlipEndpoints as endpoints, type PrintAnswer } from '@wms/contract';
import { quietly } from '../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

export const packingSlipQueries = {
  /** Who printed or downloaded the delivery's slip, newest first. */
  log: (code: string) => apiQuery(endpoints.log, { params: { code } }, quiet),
};

const blob = async (call: () => Promise<unknown>): Promise<Blob> => (await quietly(call)) as Blob;

/** The packing slip calls (contract api/packing-slip.ts), all quiet: the screen shows failures itself. */
export const packingSlipApi = {
  /** The delivery behind a delivery, pick list or container code. */
  find: (scan: string) => quietly(() => callApi(endpoints.find, { query: { scan } }, quiet)),
  slipPdf: (code: string) =>
    blob(() => callApi(endpoints.pdf, { params: { code } }, { ...quiet, responseType: 'blob' })),
  carrierLabelPdf: (code: string) =>
    blob(() => callApi(endpoints.carrierLabel, { params: { code } }, { ...quiet, responseType: 'blob' })),
  print: (code: string, printer: number | undefined): Promise<PrintAnswer> =>
    quietly(() =>
      callApi(endpoints.print, { params: { code }, body: printer === undefined ? {} : { printer } }, quiet),
    ),
  printContainerLabels: (code: string, printer: number | undefined): Promise<PrintAnswer> =>
    quietly(() =>
      callApi(endpoints.containerLabels, { params: { code }, body: printer === undefined ? {} : { printer } }, quiet),
    ),
};
