import { pickListEndpoints as endpoints, type EndpointRequest, type PrintAnswer } from '@wms/contract';
import { quietly } from '../picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

export const packQueries = {
  /** The box types a packer chooses from (with their suggested dimensions). */
  boxTypes: () => apiQuery(endpoints.boxTypes, undefined, quiet),
};

/** The box to open: its type and box type, or a pre-printed label's code (contract). */
type OpenBoxBody = EndpointRequest<typeof endpoints.createContainer>['body'];
/** The closed box's weight and dimensions (contract). */
type CloseBoxBody = EndpointRequest<typeof endpoints.closeContainer>['body'];

/** The shipping container calls of pick and pack (contract api/pick-lists.ts), all quiet. */
export const packApi = {
  /** Opens the box of the list: its code is the container of every pick. */
  openBox: (code: string, body: OpenBoxBody) =>
    quietly(() => callApi(endpoints.createContainer, { params: { code }, body }, quiet)),
  closeBox: (container: string, body: CloseBoxBody) =>
    quietly(() => callApi(endpoints.closeContainer, { params: { container }, body }, quiet)),
  /** The box's label on a server printer. */
  printLabel: async (container: string, printer: number): Promise<PrintAnswer> => {
    // The endpoint answers a print answer (with a printer) or a PDF (without): no one schema.
    const answer: unknown = await quietly(() =>
      callApi(endpoints.containerLabel, { params: { container }, body: { printer } }, quiet),
    );
    return answer as PrintAnswer;
  },
  /** The box's label as a PDF (no printer); null when the server has none to give. */
  labelPdf: async (container: string): Promise<Blob | null> => {
    const answer = (await quietly(() =>
      callApi(endpoints.containerLabel, { params: { container }, body: {} }, { ...quiet, responseType: 'blob' }),
    )) as Blob | null | undefined;
    // 204 (no label to render): an empty answer.
    return answer && answer.size > 0 ? answer : null;
  },
  markPacked: (code: string) => quietly(() => callApi(endpoints.markPacked, { params: { code } }, quiet)),
};

export type PackApi = typeof packApi;
