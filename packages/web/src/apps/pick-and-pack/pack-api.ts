import { pickListEndpoints as endpoints, type PrintAnswer, type ShippingContainerType } from '@wms/contract';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed (StepFailure), for the engine or the screen to show once. */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

export const packQueries = {
  /** The box types a packer chooses from (with their suggested dimensions). */
  boxTypes: () => apiQuery(endpoints.boxTypes, undefined, quiet),
};

export interface OpenBoxBody {
  type: ShippingContainerType;
  boxType?: string;
  /** A pre-printed label's code. */
  code?: string;
}

export interface CloseBoxBody {
  weightInMg: number;
  lengthInMm?: number;
  widthInMm?: number;
  heightInMm?: number;
}

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
