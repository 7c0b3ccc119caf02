import type { DocumentType, ErpOutboxKind, ErpType } from '@wms/contract';

/** One outbox row as a sender gets it. */
export interface ErpOutboxMessage {
  id: number;
  kind: ErpOutboxKind;
  documentType: DocumentType;
  documentCode: string;
  payload: Record<string, unknown>;
  /** 1 for the first send; a retry after a failure or an expired lease counts on. */
  attempt: number;
  /**
   * The same on every attempt and every instance (kind, document type and code). Delivery is at
   * least once (an instance can die after the ERP took a message but before it was marked DONE),
   * so a connector hands this key to the ERP or checks it there to post a document once.
   */
  idempotencyKey: string;
}

/**
 * Sends outbox rows to one kind of ERP. `send` resolves when the ERP has the message; a rejection
 * (its message is kept as the row's last error) makes the dispatcher retry later.
 */
export interface ErpSender {
  send(message: ErpOutboxMessage): Promise<void>;
}

/** The sender per configured ERP type (the setting erpType). A type without one fails its sends. */
export type ErpSenderRegistry = Partial<Record<ErpType, ErpSender>>;

/** ERP type NONE: there is no ERP, so nothing is sent and every row is done at once. */
export const noneSender: ErpSender = {
  send: () => Promise.resolve(),
};

/** The senders this build has, with `overrides` (a connector, or a test's fake) replacing or adding some. */
export function erpSenderRegistry(overrides: ErpSenderRegistry = {}): ErpSenderRegistry {
  return { NONE: noneSender, ...overrides };
}
