import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import {
  claimList,
  detailOf,
  expectChangeAsDetail,
  flushCall,
  listOf,
  pickCall,
  shortCall,
} from './pick-list-pick.test-helper.js';
import { assertPickInvariants, pickClients, pickListAt, pickScene } from './pick-lists.test-helper.js';

/**
 * Random picks, shorts, skips and flushes over three lists sharing stock (decision 0183): after
 * every step the buckets balance (assertPickInvariants: releasedQty = allocations, onHand = the
 * ledger, pickQty = pick entries, picked = entries, sales order lines' released quantity). A
 * refused step (422, e.g. a quantity above the allocation) must change nothing, which the
 * invariants also check. A pick answers its change only: it must be what the detail shows then.
 */
const step = fc.record({
  list: fc.nat(2),
  line: fc.nat(3),
  kind: fc.constantFrom('pick', 'pick', 'pick', 'short', 'skip', 'flush'),
  /** Which allocation of the line to pick from (modulo their count), and how much of it (1..). */
  allocation: fc.nat(5),
  quantity: fc.integer({ min: 1, max: 4 }),
  reason: fc.constantFrom('STOCKOUT', 'DAMAGED', null),
});

describe('picking (property)', () => {
  let t: TestApp;
  let db: Db;
  let generator: HttpClient;
  let picker: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const clients = await pickClients(t);
    generator = clients.generator.client;
    picker = clients.picker.client;
  });
  afterAll(async () => t.close());

  it('keeps the balances over random steps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
        const s = await pickScene(db);
        const codes: string[] = [];
        for (const quantities of [
          [4, 3, 1],
          [12, 2, 1],
          [9, 4, 1],
        ]) {
          const { code } = await listOf(db, generator, s, [
            { item: s.normalItem, quantity: quantities[0] ?? 1 },
            { item: s.batchItem, quantity: quantities[1] ?? 1 },
            { item: s.serialItem, quantity: quantities[2] ?? 1 },
          ]);
          await claimList(picker, code);
          codes.push(code);
        }
        for (const st of steps) {
          const code = codes[st.list] as string;
          const list = await detailOf(picker, code);
          const line = list.lines.find((l) => l.lineNumber === st.line) ?? list.lines[0];
          if (!line) continue;
          const allocation = line.allocations[st.allocation % Math.max(1, line.allocations.length)];
          let answer: { status: number; text: string };
          if (st.kind === 'pick' && allocation) {
            const serial = allocation.serial !== null;
            const picked = await pickCall(picker, code, {
              lineNumber: line.lineNumber,
              fromLocation: allocation.location,
              batch: allocation.batch,
              serials: serial ? [allocation.serial as string] : [],
              quantity: serial ? 1 : st.quantity,
              containerCode: `P-${code}`,
            });
            if (picked.status === 200) await expectChangeAsDetail(picker, code, picked.json.change);
            answer = picked;
          } else if (st.kind === 'short' && allocation) {
            answer = await shortCall(picker, code, {
              lineNumber: line.lineNumber,
              fromLocation: allocation.location,
              reason: st.reason,
            });
          } else if (st.kind === 'skip') {
            answer = await picker.post(`${pickListAt(code)}/skip`, { lineNumber: line.lineNumber });
          } else if (st.kind === 'flush') {
            const reasons = list.lines.map((l) => ({ lineNumber: l.lineNumber, reason: 'STOCKOUT' }));
            answer = await flushCall(picker, code, reasons);
          } else {
            continue;
          }
          // Refusals are 4xx business answers (a picked-out line, a flushed list), never a 500.
          expect(answer.status, answer.text).toBeLessThan(500);
          await assertPickInvariants(db);
        }
      }),
      { numRuns: 6, seed: 1823 },
    );
    // Six scenes of three lists and up to ten HTTP steps each, with the invariants read after each.
  }, 240_000);
});
