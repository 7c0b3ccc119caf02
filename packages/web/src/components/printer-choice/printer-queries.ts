import { queryOptions } from '@tanstack/react-query';
import type { AvailablePrinter, PrintAnswer } from '@wms/contract';
import { http } from '../../platform/http.js';

/** The server's active printers (printers.getAvailablePrinters). */
export const printerQueries = {
  available: () =>
    queryOptions({
      queryKey: ['printers', 'list', 'available'],
      queryFn: () => http.get<AvailablePrinter[]>('/api/v1/printer/available'),
      staleTime: 60_000,
    }),
};

/** Prints the server's test label on a printer. */
export function printServerTestLabel(printerId: number): Promise<PrintAnswer> {
  return http.post<PrintAnswer>(`/api/v1/printer/${printerId}/test`);
}
