import { queryOptions } from '@tanstack/react-query';
import { printerEndpoints, type PrintAnswer } from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** The server's active printers (printers.getAvailablePrinters). */
export const printerQueries = {
  available: () => queryOptions({ ...apiQuery(printerEndpoints.available), staleTime: 60_000 }),
};

/** Prints the server's test label on a printer. */
export function printServerTestLabel(printerId: number): Promise<PrintAnswer> {
  return callApi(printerEndpoints.test, { params: { id: printerId } });
}
