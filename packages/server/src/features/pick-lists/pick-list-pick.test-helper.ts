import type { PickChange, PickList } from '@wms/contract';
import { expect } from 'vitest';
import type { DocumentLineInput } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Db } from '../../db/database.js';
import { makeSalesOrder, newPickKey, pickListAt, pickListPath, type PickScene } from './pick-lists.test-helper.js';

/** Calls of the picking tests (pick-list-pick.routes.test.ts and the property test). */

/** A sales order of the lines made into one RELEASED pick list by the generator; answers its code. */
export async function listOf(
  db: Db,
  generator: HttpClient,
  scene: PickScene,
  lines: readonly DocumentLineInput[],
  options: { priority?: number; shipDate?: string | null } = {},
): Promise<{ code: string; orderId: number }> {
  const order = await makeSalesOrder(db, scene, lines, options);
  const answer = await generator.post(`${pickListPath}/create`, {
    warehouse: scene.warehouse.code,
    lines: order.lines.map((line) => ({ salesOrder: order.code, lineNumber: line.lineNumber })),
    ...(options.priority === undefined ? {} : { priority: options.priority }),
  });
  expect(answer.status, answer.text).toBe(200);
  const [code] = (answer.json as { created: string[] }).created;
  if (code === undefined) throw new Error('no pick list made');
  return { code, orderId: order.id };
}

export const claimList = async (client: HttpClient, code: string): Promise<void> => {
  const answer = await client.post(`${pickListAt(code)}/claim`, {});
  expect(answer.status, answer.text).toBe(200);
};

export const detailOf = async (client: HttpClient, code: string): Promise<PickList> => {
  const answer = await client.get(pickListAt(code));
  expect(answer.status, answer.text).toBe(200);
  return answer.json as PickList;
};

export interface PickInput {
  lineNumber: number;
  fromLocation: string;
  quantity: number;
  containerCode: string;
  batch?: string | null;
  serials?: string[];
  idempotencyKey?: string;
}

export const pickCall = (client: HttpClient, code: string, input: PickInput) =>
  client.post(`${pickListAt(code)}/pick`, { idempotencyKey: newPickKey(), ...input });

export const shortCall = (
  client: HttpClient,
  code: string,
  input: { lineNumber: number; fromLocation: string; reason: string | null; idempotencyKey?: string },
) => client.post(`${pickListAt(code)}/short`, { idempotencyKey: newPickKey(), ...input });

export const flushCall = (
  client: HttpClient,
  code: string,
  shortReasons: { lineNumber: number; reason: string }[] = [],
) => client.post(`${pickListAt(code)}/flush`, { shortReasons });

/**
 * A pick's change as the list's detail shows it now (what the handheld merges must be what it
 * would read): the line, the status, the version and the line counts. Answers the detail.
 */
export async function expectChangeAsDetail(client: HttpClient, code: string, change: PickChange): Promise<PickList> {
  const detail = await detailOf(client, code);
  expect(change).toEqual({
    code: detail.code,
    status: detail.status,
    version: detail.version,
    linesTotal: detail.linesTotal,
    linesPicked: detail.linesPicked,
    line: lineOf(detail, change.line.lineNumber),
  });
  return detail;
}

/** The line of a list by number (throws when missing). */
export function lineOf(list: PickList, lineNumber: number): PickList['lines'][number] {
  const line = list.lines.find((l) => l.lineNumber === lineNumber);
  if (!line) throw new Error(`line ${lineNumber} not on ${list.code}`);
  return line;
}

/** Ledger rows of a pick list (PICK movements). */
export async function ledgerRowsOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('document_type', '=', 'PICK_LIST')
    .where('document_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stock row's buckets of an item at a location (thousandths; zeros when there is no row). */
export async function bucketsAt(db: Db, itemId: number, binLocationId: number) {
  const rows = await db
    .selectFrom('stock')
    .select(['on_hand_qty', 'released_qty', 'pick_qty'])
    .where('item_id', '=', itemId)
    .where('bin_location_id', '=', binLocationId)
    .execute();
  return rows.reduce(
    (sum, r) => ({
      onHand: sum.onHand + Number(r.on_hand_qty),
      released: sum.released + Number(r.released_qty),
      pick: sum.pick + Number(r.pick_qty),
    }),
    { onHand: 0, released: 0, pick: 0 },
  );
}
