import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovedLine, StockTransferAnswer } from '@wms/contract';
import type { HttpAnswer, HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import {
  bodyOf,
  intentArb,
  rowCodesOf,
  type Intent,
  type Route,
  type StockRowCodes,
  type TransferBody,
  type User,
} from './stock-transfer.property-intents.test-helper.js';
import { balances, createPropertyData, expectedBalances } from './stock-transfer.property.test-helper.js';
import { transferPath } from './stock-transfer.test-helper.js';

/**
 * Thousands of random transfers (valid and refused, with duplicate Idempotency-Keys) sent
 * concurrently through the HTTP API; after each run the invariants must hold: stock per item
 * conserved, no negative bucket, the ledger sums equal the balances, every key applied at most
 * once, and the database equals its start plus the acknowledged transfers.
 */

interface Sent {
  route: Route;
  key: string | null;
  body: TransferBody;
  user: User;
  answer: HttpAnswer;
}

const batchSize = 24;
const requestsPerRun = 300;
const numRuns = 7;

describe('stock transfer properties (concurrent HTTP)', () => {
  let t: TestApp;
  let db: Db;
  let itemIds: number[];
  const clients = {} as Record<User, HttpClient>;
  let keyCounter = 0;
  const sentEver: Sent[] = [];
  /** The first successful answer of every key so far. */
  const answersByKey = new Map<string, StockTransferAnswer>();

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    itemIds = await createPropertyData(db, t.app.ctx);
    [clients.manager, clients.operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  /** Resolves an intent against the requests sent before it (in this or earlier runs). */
  function prepare(intent: Intent, rows: readonly StockRowCodes[]): Omit<Sent, 'answer'> {
    const moving = sentEver.filter((s) => s.key !== null);
    const earlier =
      intent.reuse.kind === 'fresh' || moving.length === 0 ? null : moving[intent.reuse.pick % moving.length];
    if (earlier && intent.reuse.kind === 'same')
      return { route: earlier.route, key: earlier.key, body: earlier.body, user: earlier.user };
    const key =
      intent.route === 'validateRequest' ? null : (earlier?.key ?? `prop-${Date.now().toString(36)}-${++keyCounter}`);
    return { route: intent.route, key, body: bodyOf(intent, rows), user: intent.user };
  }

  async function send(request: Omit<Sent, 'answer'>): Promise<Sent> {
    const headers = request.key === null ? undefined : { 'Idempotency-Key': request.key };
    const answer = await clients[request.user].post(`${transferPath}/${request.route}`, request.body, headers);
    return { ...request, answer };
  }

  async function checkInvariants(start: Map<string, { onHand: number; qcPending: number }>, sent: readonly Sent[]) {
    // Every answer is a success or a business refusal, never a server error.
    for (const s of sent)
      expect([200, 404, 422], `${s.route} ${JSON.stringify(s.body)}: ${s.answer.text}`).toContain(s.answer.status);
    const moved = sent.filter((s) => s.route !== 'validateRequest' && s.answer.status === 200);
    // One answer per key (in this run or any before): replays repeat the first answer.
    const transfers = new Map<string, MovedLine[]>();
    for (const s of moved) {
      const first = answersByKey.get(s.key ?? '');
      if (first) expect(s.answer.json).toEqual(first);
      else {
        answersByKey.set(s.key ?? '', s.answer.json as StockTransferAnswer);
        transfers.set(s.answer.json.transferId, s.answer.json.lines);
      }
    }
    for (const lines of transfers.values()) {
      for (const l of lines) expect([l.fromLocation, l.toLocation]).not.toContain('P-BLOCKED');
    }
    for (const s of moved.filter((m) => m.user === 'operator')) {
      for (const l of (s.answer.json as StockTransferAnswer).lines) {
        expect([l.fromLocation, l.toLocation]).not.toContain('P-RESTRICTED');
      }
    }
    // The database holds its start plus each acknowledged transfer once.
    const now = await balances(db, itemIds);
    expect(Object.fromEntries(now)).toEqual(Object.fromEntries(expectedBalances(start, transfers.values())));
    const totals = (b: Map<string, { onHand: number }>) => {
      const perItem: Record<string, number> = {};
      for (const [key, v] of b) perItem[key.split('|')[0] ?? ''] = (perItem[key.split('|')[0] ?? ''] ?? 0) + v.onHand;
      return perItem;
    };
    expect(totals(now)).toEqual(totals(start));

    const negative = await db
      .selectFrom('stock')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('on_hand_qty', '<', 0),
          eb('released_qty', '<', 0),
          eb('pick_qty', '<', 0),
          eb('qc_pending_qty', '<', 0),
          eb(sql`released_qty + pick_qty + qc_pending_qty`, '>', sql`on_hand_qty`),
        ]),
      )
      .execute();
    expect(negative).toEqual([]);

    // The ledger sums equal the balances, row by row.
    const ledger = await db
      .selectFrom('stock_ledger')
      .select((eb) => [
        'item_id',
        'batch_id',
        'serial_id',
        'bin_location_id',
        eb.fn.sum<string | number>('quantity').as('sum'),
      ])
      .where('item_id', 'in', itemIds)
      .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
      .execute();
    const stock = await db
      .selectFrom('stock')
      .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', 'on_hand_qty'])
      .where('item_id', 'in', itemIds)
      .execute();
    const rowKey = (r: {
      item_id: number;
      batch_id: number | null;
      serial_id: number | null;
      bin_location_id: number;
    }) => `${r.item_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}:${r.bin_location_id}`;
    const ledgerSums = Object.fromEntries(ledger.map((r) => [rowKey(r), Number(r.sum)]).filter(([, sum]) => sum !== 0));
    expect(ledgerSums).toEqual(Object.fromEntries(stock.map((r) => [rowKey(r), Number(r.on_hand_qty)])));

    // No key applied twice: one transfer per key, two ledger rows per moved line, none unacknowledged.
    const perKey = await db
      .selectFrom('stock_ledger')
      .select((eb) => [
        'idempotency_key',
        eb.fn.count<string | number>('document_code').distinct().as('transfers'),
        eb.fn.countAll<string | number>().as('rows'),
        eb.fn.max('document_code').as('transferId'),
      ])
      .where('item_id', 'in', itemIds)
      .where('transaction_type', '=', 'TRANSFER')
      .groupBy('idempotency_key')
      .execute();
    for (const row of perKey) {
      expect(Number(row.transfers), `key ${row.idempotency_key}`).toBe(1);
      const answer = answersByKey.get(row.idempotency_key ?? '');
      expect(answer, `ledger rows of an unacknowledged key ${row.idempotency_key}`).toBeDefined();
      expect(row.transferId).toBe(answer?.transferId);
      expect(Number(row.rows)).toBe(2 * (answer?.lines.length ?? 0));
    }
  }

  it(`keeps every invariant over ${numRuns * requestsPerRun} random transfers sent ${batchSize} at a time`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(intentArb, { minLength: requestsPerRun, maxLength: requestsPerRun }),
        async (intents) => {
          const start = await balances(db, itemIds);
          const sent: Sent[] = [];
          for (let i = 0; i < intents.length; i += batchSize) {
            const rows = [...(await balances(db, itemIds)).keys()].map(rowCodesOf);
            const batch = intents.slice(i, i + batchSize).map((intent) => prepare(intent, rows));
            const answers = await Promise.all(batch.map(send));
            sent.push(...answers);
            sentEver.push(...answers);
          }
          await checkInvariants(start, sent);
          // The run moved stock and refused some requests.
          expect(sent.some((s) => s.route !== 'validateRequest' && s.answer.status === 200)).toBe(true);
          expect(sent.some((s) => s.answer.status === 422)).toBe(true);
        },
      ),
      { numRuns, endOnFailure: true },
    );
  }, 180_000);
});
