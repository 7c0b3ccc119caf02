import {
  statusedDocumentTypes,
  type DocumentStatus,
  type DocumentStatusOf,
  type StatusedDocumentType,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import * as repository from './documents.repository.js';
import type { DocumentHead } from './documents.repository.js';

export { lockDocumentRow } from './documents.repository.js';

/**
 * The status rules of the document store: per document type, from each status the statuses it
 * may change to. Every status of the type is listed (an empty list: nothing follows it). A change
 * not listed is refused; a status never changes to itself. An app that handles a type owns its
 * table here and changes a document's status only through changeStatus.
 */
type Transitions<T extends StatusedDocumentType> = {
  readonly [From in DocumentStatusOf<T>]: readonly DocumentStatusOf<T>[];
};

/**
 * PURCHASE_ORDER and PLANNED_GOODS_RECEIPT: receipts lower their open quantity; the ERP closes them.
 * DRAFT: an imported planned receipt until a purchaser releases it (decision 0177).
 */
const receiptSource: Transitions<'PURCHASE_ORDER'> = {
  DRAFT: ['OPEN'],
  OPEN: ['PARTLY_RECEIVED', 'RECEIVED', 'CLOSED'],
  PARTLY_RECEIVED: ['RECEIVED', 'CLOSED'],
  RECEIVED: ['CLOSED'],
  CLOSED: [],
};

export const documentTransitions: { readonly [T in StatusedDocumentType]: Transitions<T> } = {
  PURCHASE_ORDER: receiptSource,
  PLANNED_GOODS_RECEIPT: receiptSource,
  /** IN_PROGRESS at the first progress; FINISHED when posted; DELETED only while nothing is posted. */
  GOODS_RECEIPT: {
    OPEN: ['IN_PROGRESS', 'DELETED'],
    IN_PROGRESS: ['FINISHED', 'DELETED'],
    FINISHED: [],
    DELETED: [],
  },
  SALES_ORDER: {
    OPEN: ['CLOSED'],
    CLOSED: [],
  },
  /**
   * CLAIMED when claimed, back to OPEN when the claim is removed before any entry; IN_PROGRESS at
   * the first entry (it stays so when its claim goes: the progress stays); CANCELLED only before
   * any entry; FLUSHED is final.
   */
  SALES_RETURN: {
    OPEN: ['CLAIMED', 'CANCELLED'],
    CLAIMED: ['OPEN', 'IN_PROGRESS', 'CANCELLED'],
    IN_PROGRESS: ['FLUSHED'],
    FLUSHED: [],
    CANCELLED: [],
  },
  /** IN_PROCESS at the first issue or confirmation; CANCELLED only with nothing issued. */
  PRODUCTION_ORDER: {
    PLANNED: ['RELEASED', 'CANCELLED'],
    RELEASED: ['IN_PROCESS', 'CANCELLED'],
    IN_PROCESS: ['COMPLETED'],
    COMPLETED: ['CLOSED'],
    CLOSED: [],
    CANCELLED: [],
  },
  /** Claimed into IN_PROGRESS; PERFORMED closes at once unless a verifier must look (VERIFIED). */
  /**
   * PICK_LIST (decision 0183): the status follows what is picked; PICKED when every line is picked
   * or closed short; CLOSED when delivered, cleared or flushed with nothing picked, and never reopens.
   */
  PICK_LIST: {
    RELEASED: ['PARTLY_PICKED', 'PICKED', 'CLOSED'],
    PARTLY_PICKED: ['PICKED', 'CLOSED'],
    PICKED: ['CLOSED'],
    CLOSED: [],
    UNKNOWN: [],
  },
  QC_REQUEST: {
    OPEN: ['IN_PROGRESS'],
    IN_PROGRESS: ['OPEN', 'PERFORMED'],
    PERFORMED: ['VERIFIED', 'CLOSED'],
    VERIFIED: ['CLOSED'],
    CLOSED: [],
  },
  /** STORAGE_REQUEST (PROCESSES.md 5.2): IN_PROGRESS at the first put-away; DONE when its goods are put away. */
  STORAGE_REQUEST: {
    OPEN: ['IN_PROGRESS', 'DONE'],
    IN_PROGRESS: ['DONE'],
    DONE: [],
  },
  /**
   * DELIVERY (decision 0185): the dispatch app (features/delivery-dispatch) makes DISPATCHED; a
   * manager cancels a CREATED one (features/deliveries delivery-cancel.ts).
   */
  DELIVERY: {
    CREATED: ['DISPATCHED', 'CANCELLED'],
    DISPATCHED: [],
    CANCELLED: [],
  },
  /**
   * RECOUNT_REQUEST (decision 0191): raised OPEN (threshold, packing difference, short pick,
   * manual); CLAIMED by a recounter (OPEN again when the claim is given back); COUNTED at the first
   * save; the flush makes it FLUSHED, or REVIEW where a manager's value is then FLUSHED.
   */
  RECOUNT_REQUEST: {
    OPEN: ['CLAIMED', 'CANCELLED'],
    CLAIMED: ['OPEN', 'COUNTED', 'CANCELLED'],
    COUNTED: ['FLUSHED', 'REVIEW', 'CANCELLED'],
    REVIEW: ['FLUSHED', 'CANCELLED'],
    FLUSHED: [],
    CANCELLED: [],
  },
  /**
   * COUNTING_LIST (decision 0192): IN_PROGRESS at the first startCounting; SECOND_COUNT once round
   * 1 is done and some location needs another count; READY when every location is agreed (or in
   * review), back to SECOND_COUNT when a counter's draft is saved again and disagrees; a flush (the claimant, or a manager excluding locations) makes it FLUSHED from any of
   * them; CANCELLED only before counting starts.
   */
  COUNTING_LIST: {
    CREATED: ['IN_PROGRESS', 'CANCELLED'],
    IN_PROGRESS: ['SECOND_COUNT', 'READY', 'FLUSHED'],
    SECOND_COUNT: ['READY', 'FLUSHED'],
    READY: ['SECOND_COUNT', 'FLUSHED'],
    FLUSHED: [],
    CANCELLED: [],
  },
};

/** The statuses a document of the type may leave for `to` (none for a type without a table). */
export function statusesLeadingTo(type: string, to: string): string[] {
  if (!(statusedDocumentTypes as readonly string[]).includes(type)) return [];
  const table = documentTransitions[type as StatusedDocumentType] as Readonly<Record<string, readonly string[]>>;
  return Object.keys(table).filter((from) => table[from]?.includes(to));
}

/** Whether the table lets a document of the type change from one status to the other. */
export function isAllowedTransition(type: string, from: string, to: string): boolean {
  return statusesLeadingTo(type, to).includes(from);
}

export interface StatusChange {
  documentId: number;
  to: DocumentStatus;
  /** The version the caller read; a document changed meanwhile is 412 optimisticLockConflict. */
  expectedVersion?: number;
}

/**
 * Changes a document's status inside the caller's transaction, as ONE conditional update (the
 * id, a type and status the table lets change to `to`, and the expected version when given)
 * that bumps the version; so of two concurrent changes of one document exactly one is written.
 * Answers the document as written. When nothing was updated it reads why: 404 notFound {id} for
 * an unknown document, 412 optimisticLockConflict {currentVersion} for a stale version, else 422
 * invalidStatusTransition {type, from, to}.
 */
export async function changeStatus(tx: DbOrTx, change: StatusChange): Promise<DocumentHead> {
  const sources = statusedDocumentTypes
    .map((type) => ({ type, from: statusesLeadingTo(type, change.to) }))
    .filter((source) => source.from.length > 0);
  const written =
    sources.length === 0
      ? undefined
      : await repository.updateStatus(tx, {
          id: change.documentId,
          to: change.to,
          sources,
          expectedVersion: change.expectedVersion,
          at: nowIso(),
        });
  if (written) return written;
  const current = await repository.findDocumentById(tx, change.documentId);
  if (!current) throw notFound('notFound', { id: change.documentId });
  if (change.expectedVersion !== undefined && current.version !== change.expectedVersion) {
    throw preconditionFailed({ currentVersion: current.version });
  }
  throw unprocessable('invalidStatusTransition', { type: current.type, from: current.status, to: change.to });
}
