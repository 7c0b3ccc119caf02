import type { Db } from '../../db/database.js';
import type { ErpOutboxRow } from '../../db/schema.js';
import { uniqueCode } from '../../../test/factories.js';
import { queueForErp } from './erp-outbox.service.js';
import type { ErpOutboxMessage, ErpSender } from './erp-senders.js';

/** Queues a goods receipt's message in a transaction of its own (a new code unless given); answers the code. */
export async function queueReceipt(db: Db, code = uniqueCode('F-GR-'), payload: Record<string, unknown> = {}) {
  await db
    .transaction()
    .execute((tx) =>
      queueForErp(tx, { kind: 'GOODS_RECEIPT_POSTED', documentType: 'GOODS_RECEIPT', documentCode: code, payload }),
    );
  return code;
}

/** The outbox row of a goods receipt, by its code. */
export function outboxRowOf(db: Db, code: string): Promise<ErpOutboxRow> {
  return db
    .selectFrom('erp_outbox')
    .selectAll()
    .where('document_type', '=', 'GOODS_RECEIPT')
    .where('document_code', '=', code)
    .executeTakeFirstOrThrow();
}

/**
 * A fake ERP: records every message it is sent (by document code), refuses those whose code is
 * in `failing` and never answers those in `hanging`; each send takes `delayMs`, so concurrent
 * dispatchers really interleave.
 */
export function recordingSender(delayMs = 0) {
  const sent: ErpOutboxMessage[] = [];
  const failing = new Set<string>();
  const hanging = new Set<string>();
  const sender: ErpSender = {
    async send(message) {
      sent.push(message);
      if (hanging.has(message.documentCode)) await new Promise(() => undefined);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failing.has(message.documentCode)) throw new Error(`ERP refused ${message.documentCode}`);
    },
  };
  const sendsOf = (code: string) => sent.filter((message) => message.documentCode === code).length;
  return { sender, sent, failing, hanging, sendsOf };
}
