import { queryOptions } from '@tanstack/react-query';
import {
  documentEndpoints,
  goodsReceiptEndpoints as endpoints,
  queryKeyOf,
  type Attachment,
  type ManagerApproval,
  type ReceiptFinishAnswer,
  type ReceiptProgressRequest,
  type ReceiptSourceType,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { keyedFailure } from '../../handheld/keyed-failure.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed (StepFailure), for the workflow engine to show once. */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/** The receipt's queries (contract api/goods-receipt.ts): the expected documents and one receipt. */
export const receiptQueries = {
  expected: () => apiQuery(endpoints.expected, { query: {} }),
  detail: (receipt: string) => apiQuery(endpoints.get, { params: { receipt } }),
  attachments: (code: string) =>
    queryOptions({ ...apiQuery(documentEndpoints.attachments, { params: { type: 'GOODS_RECEIPT', code } }) }),
};

/** The key prefix of everything about one receipt (refetched on its DOCUMENT_CHANGED). */
export const receiptDetailKey = (receipt: string) => queryKeyOf(endpoints.get, { params: { receipt } }).slice(0, 2);
/** The key prefix of the expected documents (any search). */
export const expectedKey = () => queryKeyOf(endpoints.expected, { query: {} }).slice(0, 3);

/**
 * The goods receipt calls. The workflow's calls are quiet and throw keyed failures (the engine
 * shows ONE notice); the screen's own buttons use the HTTP client's notices.
 */
export const receiptApi = {
  find: (scan: string) => quietly(() => callApi(endpoints.find, { query: { scan } }, quiet)),
  open: (sourceType: ReceiptSourceType, sourceCode: string) =>
    quietly(() => callApi(endpoints.open, { body: { sourceType, sourceCode } }, quiet)),

  /** One entry, with the keeper's Idempotency-Key (reused while the answer is unknown). */
  progress: (
    receipt: string,
    line: number,
    body: ReceiptProgressRequest,
    keeper: IdempotencyKeeper,
    managerApproval?: ManagerApproval,
  ) =>
    quietly(() =>
      // The password is not part of the kept body: a retry asks the manager again.
      keeper.send({ receipt, line, body, approvedBy: managerApproval?.username ?? null }, (idempotencyKey) =>
        callApi(
          endpoints.progress,
          { params: { receipt, line }, body: managerApproval ? { ...body, managerApproval } : body },
          { ...quiet, idempotencyKey },
        ),
      ),
    ),

  undo: (receipt: string, line: number, entryId: number) =>
    callApi(endpoints.undo, { params: { receipt, line, entryId } }),
  resync: (receipt: string) => callApi(endpoints.resync, { params: { receipt } }),
  remove: (receipt: string) => callApi(endpoints.delete, { params: { receipt } }),
  finish: (receipt: string, keeper: IdempotencyKeeper): Promise<ReceiptFinishAnswer> =>
    keeper.send({ finish: receipt }, (idempotencyKey) =>
      callApi(endpoints.finish, { params: { receipt } }, { idempotencyKey }),
    ),

  /** A photo of the delivery note (the picture box's PNG) as an attachment of the receipt. */
  attach: (code: string, attachment: Attachment) => {
    const bytes = Uint8Array.from(atob(attachment.blob), (char) => char.charCodeAt(0));
    const form = new FormData();
    form.append('file', new File([bytes], `${attachment.name}`, { type: 'image/png' }), attachment.name);
    return callApi(documentEndpoints.uploadAttachment, { params: { type: 'GOODS_RECEIPT', code }, body: form });
  },

  /** One label per received row (with its batch or serial and the receipt code) on the printer chosen. */
  printLabels: (printer: number, answer: ReceiptFinishAnswer) =>
    callApi(endpoints.labels, { params: { receipt: answer.receipt }, body: { printer } }),
};
