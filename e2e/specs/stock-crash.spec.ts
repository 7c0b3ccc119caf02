import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { authEndpoints, pathOf, stockTransferEndpoints, type StockTransferLinesRequest } from '@wms/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type ServerProcess } from '../server-process.js';

/**
 * Crash test of the stock service (no browser): the built server on its own DATA_DIR (embedded
 * SQLite) takes a concurrent transfer load with Idempotency-Keys and is killed with SIGKILL at
 * random moments. After each restart on the same DATA_DIR every unanswered request is retried
 * with its key. At the end: every acknowledged transfer is in the ledger exactly once, a key is
 * applied at most once, stock per item is conserved and nothing is negative.
 */

interface TransferRequest {
  key: string;
  body: StockTransferLinesRequest;
  /** The last answer (null: none yet, e.g. the process died first). */
  answer: { status: number; json: any; replayed: boolean } | null;
}

const items: Record<string, string[]> = {
  'ITEM-001': ['01-A01-01', '02-A01-01', '02-P01-01', '01-COUNT-01'],
  'ITEM-002': ['01-P01-02', '01-KARDEX-01', '01-COUNT-01', '02-P01-01'],
};
const workers = 8;
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;

function newRequest(n: number): TransferRequest {
  const item = pick(Object.keys(items));
  const bins = items[item] ?? [];
  const from = pick(bins);
  const to = pick(bins.filter((b) => b !== from));
  const lines = [{ fromLocation: from, item, quantity: 1 + Math.floor(Math.random() * 5) }];
  return {
    key: `crash-${Date.now().toString(36)}-${n}`,
    body: { lines, toLocation: to },
    answer: null,
  };
}

async function signIn(server: ServerProcess) {
  const answer = await fetch(`${server.baseUrl}${pathOf(authEndpoints.signin)}`, {
    method: authEndpoints.signin.method,
    headers: { 'content-type': 'application/json', appversion: server.version },
    body: JSON.stringify({ username: 'operator', password: 'operator' }),
  });
  expect(answer.status).toBe(200);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (request: TransferRequest) => {
    const response = await fetch(`${server.baseUrl}${pathOf(stockTransferEndpoints.lines)}`, {
      method: 'POST',
      headers: {
        cookie,
        appversion: server.version,
        'content-type': 'application/json',
        'idempotency-key': request.key,
      },
      body: JSON.stringify(request.body),
    });
    const replayed = response.headers.get('idempotent-replayed') === 'true';
    return { status: response.status, json: await response.json(), replayed };
  };
}

/** Stock and ledger read straight from the SQLite file (read-only). */
function readDatabase(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const stock = db
      .prepare(
        `select i.code as item, b.code as bin, s.on_hand_qty as onHand, s.released_qty as released,
                s.pick_qty as pick, s.qc_pending_qty as qcPending
           from stock s join item i on i.id = s.item_id join bin_location b on b.id = s.bin_location_id`,
      )
      .all() as { item: string; bin: string; onHand: number; released: number; pick: number; qcPending: number }[];
    const ledger = db
      .prepare(
        `select g.idempotency_key as key, g.document_code as transferId, g.quantity, i.code as item, b.code as bin
           from stock_ledger g join item i on i.id = g.item_id join bin_location b on b.id = g.bin_location_id
          where g.document_type = 'STOCK_TRANSFER'`,
      )
      .all() as { key: string; transferId: string; quantity: number; item: string; bin: string }[];
    return { stock, ledger };
  } finally {
    db.close();
  }
}

const sumBy = <T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number) => {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[key(row)] = (sums[key(row)] ?? 0) + value(row);
  return sums;
};

describe('stock transfers survive SIGKILL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-crash-'));
  const databaseFile = path.join(dataDir, 'wms.sqlite');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('applies every acknowledged transfer exactly once and every retried one at most once', async () => {
    const requests: TransferRequest[] = [];
    const crashes = 3 + Math.floor(Math.random() * 3);
    let start: ReturnType<typeof readDatabase> | null = null;
    let unanswered = 0;

    for (let round = 0; round <= crashes; round++) {
      const server = await startBuiltServer({}, { dataDir });
      start ??= readDatabase(databaseFile);
      const send = await signIn(server);
      // First retry, with its key, everything the last crash left unanswered.
      for (const request of requests.filter((r) => r.answer === null)) {
        request.answer = await send(request);
      }
      if (round === crashes) {
        expect(await server.stop()).toBe(0);
        break;
      }
      let crashed = false;
      const worker = async () => {
        while (!crashed) {
          const request = newRequest(requests.length);
          requests.push(request);
          try {
            request.answer = await send(request);
          } catch {
            return; // The process died: this request stays unanswered.
          }
        }
      };
      const load = Promise.all(Array.from({ length: workers }, worker));
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
      crashed = true;
      await server.kill();
      await load;
      unanswered += requests.filter((r) => r.answer === null).length;
    }

    // The crashes did cut requests off, and every request has its answer now.
    expect(unanswered).toBeGreaterThan(0);
    for (const request of requests)
      expect([200, 422], JSON.stringify(request.answer)).toContain(request.answer?.status);
    const end = readDatabase(databaseFile);
    const byKey = new Map<string, typeof end.ledger>();
    for (const row of end.ledger) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);

    for (const request of requests) {
      const rows = byKey.get(request.key) ?? [];
      if (request.answer?.status === 200) {
        // Acknowledged (first time or on a retry): exactly once, under its own transferId.
        expect(rows, request.key).toHaveLength(2 * request.body.lines.length);
        expect(new Set(rows.map((r) => r.transferId))).toEqual(new Set([request.answer.json.transferId]));
      } else {
        expect(rows, request.key).toEqual([]);
      }
    }
    // No ledger row of a transfer that nobody was answered about.
    const keys = new Set(requests.map((r) => r.key));
    expect(end.ledger.filter((row) => !keys.has(row.key))).toEqual([]);

    // Stock per item conserved, nothing negative, and the ledger explains every change.
    const perItem = (s: typeof end.stock) =>
      sumBy(
        s,
        (r) => r.item,
        (r) => r.onHand,
      );
    expect(perItem(end.stock)).toEqual(perItem(start?.stock ?? []));
    expect(end.stock.filter((r) => r.onHand < 0 || r.released + r.pick + r.qcPending > r.onHand)).toEqual([]);
    const balance = (s: typeof end.stock) =>
      sumBy(
        s,
        (r) => `${r.item}@${r.bin}`,
        (r) => r.onHand,
      );
    const before = balance(start?.stock ?? []);
    const after = balance(end.stock);
    const moved = sumBy(
      end.ledger,
      (r) => `${r.item}@${r.bin}`,
      (r) => r.quantity,
    );
    for (const place of new Set([...Object.keys(before), ...Object.keys(after), ...Object.keys(moved)])) {
      expect((after[place] ?? 0) - (before[place] ?? 0), place).toBe(moved[place] ?? 0);
    }
  }, 240_000);
});
