import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentStatuses, isDocumentStatusOf, statusedDocumentTypes, type DocumentStatus } from '@wms/contract';
import { makeDocument, makeItem, type Item } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { AppError } from '../../http/app-error.js';
import { changeStatus, documentTransitions, isAllowedTransition } from './document-status.js';

/** What a change came to: the document as written, or the refusal's status, key and args. */
async function outcome<T>(
  run: Promise<T>,
): Promise<T | { status: number; key: string; args: Record<string, unknown> }> {
  try {
    return await run;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, key: error.key, args: error.args };
  }
}

describe('document status transitions', () => {
  let t: TestApp;
  let item: Item;
  beforeAll(async () => {
    t = await buildTestApp();
    item = await makeItem(t.app.ctx.db);
  });
  afterAll(async () => t.close());

  const documentIn = (type: (typeof statusedDocumentTypes)[number] | 'DELIVERY', status: string) =>
    makeDocument(t.app.ctx.db, { type, status, lines: [{ item, quantity: 1 }] });
  const change = (documentId: number, to: DocumentStatus, expectedVersion?: number) =>
    t.app.ctx.db.transaction().execute((tx) => changeStatus(tx, { documentId, to, expectedVersion }));
  const stored = (id: number) =>
    t.app.ctx.db.selectFrom('document').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

  it('lists every status of each type in its table, and only those', () => {
    for (const type of statusedDocumentTypes) {
      const table = documentTransitions[type] as Record<string, readonly string[]>;
      expect(Object.keys(table).sort(), type).toEqual([...documentStatuses[type]].sort());
      for (const targets of Object.values(table)) {
        for (const to of targets) expect(isDocumentStatusOf(type, to), `${type} -> ${to}`).toBe(true);
      }
    }
  });

  it('allows exactly the changes of the table, bumping the version; refuses the others with 422', async () => {
    for (const type of statusedDocumentTypes) {
      for (const from of documentStatuses[type]) {
        for (const to of documentStatuses[type]) {
          const document = await documentIn(type, from);
          const answer = await outcome(change(document.id, to));
          const after = await stored(document.id);
          if (isAllowedTransition(type, from, to)) {
            expect(answer, `${type} ${from} -> ${to}`).toEqual({
              id: document.id,
              type,
              code: document.code,
              status: to,
              version: 2,
            });
            expect(after).toEqual({ status: to, version: 2 });
          } else {
            expect(answer, `${type} ${from} -> ${to}`).toEqual({
              status: 422,
              key: 'invalidStatusTransition',
              args: { type, from, to },
            });
            expect(after).toEqual({ status: from, version: 1 });
          }
        }
      }
    }
    // A few of the rules spelled out, so the table cannot drift unnoticed.
    expect(isAllowedTransition('GOODS_RECEIPT', 'OPEN', 'IN_PROGRESS')).toBe(true);
    expect(isAllowedTransition('GOODS_RECEIPT', 'FINISHED', 'DELETED')).toBe(false);
    expect(isAllowedTransition('SALES_RETURN', 'IN_PROGRESS', 'CANCELLED')).toBe(false);
    expect(isAllowedTransition('PURCHASE_ORDER', 'PARTLY_RECEIVED', 'RECEIVED')).toBe(true);
    expect(isAllowedTransition('PURCHASE_ORDER', 'RECEIVED', 'OPEN')).toBe(false);
  });

  it('refuses every change of a type without a table yet', async () => {
    const document = await documentIn('DELIVERY', 'OPEN');
    expect(await outcome(change(document.id, 'CLOSED'))).toEqual({
      status: 422,
      key: 'invalidStatusTransition',
      args: { type: 'DELIVERY', from: 'OPEN', to: 'CLOSED' },
    });
  });

  it('answers 412 for a stale version and 404 for an unknown document, changing nothing', async () => {
    const document = await documentIn('GOODS_RECEIPT', 'OPEN');
    expect(await outcome(change(document.id, 'IN_PROGRESS', 1))).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    // The caller read version 1: someone changed it since.
    expect(await outcome(change(document.id, 'FINISHED', 1))).toEqual({
      status: 412,
      key: 'optimisticLockConflict',
      args: { currentVersion: 2 },
    });
    expect(await stored(document.id)).toEqual({ status: 'IN_PROGRESS', version: 2 });
    expect(await outcome(change(document.id, 'FINISHED', 2))).toMatchObject({ status: 'FINISHED', version: 3 });
    expect(await outcome(change(2_000_000_000, 'FINISHED'))).toEqual({
      status: 404,
      key: 'notFound',
      args: { id: 2_000_000_000 },
    });
  });

  it('rolls the change back with the caller’s transaction', async () => {
    const document = await documentIn('SALES_RETURN', 'OPEN');
    await expect(
      t.app.ctx.db.transaction().execute(async (tx) => {
        await changeStatus(tx, { documentId: document.id, to: 'CLAIMED' });
        throw new Error('the caller fails after the change');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await stored(document.id)).toEqual({ status: 'OPEN', version: 1 });
  });

  it('lets exactly one of two concurrent changes of one document win', async () => {
    // With the version read: both read version 1, one writes, the other is stale.
    for (let round = 0; round < 5; round++) {
      const document = await documentIn('SALES_RETURN', 'OPEN');
      const answers = await Promise.all([
        outcome(change(document.id, 'CLAIMED', 1)),
        outcome(change(document.id, 'CANCELLED', 1)),
      ]);
      const winners = answers.filter((answer) => 'version' in answer);
      expect(winners, JSON.stringify(answers)).toHaveLength(1);
      expect(answers.filter((answer) => 'key' in answer && answer.status === 412)).toHaveLength(1);
      expect((await stored(document.id)).version).toBe(2);
    }
    // Without a version: the second finds the status already changed (CLAIMED -> CLAIMED is no change).
    for (let round = 0; round < 5; round++) {
      const document = await documentIn('SALES_RETURN', 'OPEN');
      const answers = await Promise.all([
        outcome(change(document.id, 'CLAIMED')),
        outcome(change(document.id, 'CLAIMED')),
      ]);
      expect(answers.filter((answer) => 'version' in answer)).toHaveLength(1);
      expect(answers.find((answer) => 'key' in answer)).toEqual({
        status: 422,
        key: 'invalidStatusTransition',
        args: { type: 'SALES_RETURN', from: 'CLAIMED', to: 'CLAIMED' },
      });
      expect(await stored(document.id)).toEqual({ status: 'CLAIMED', version: 2 });
    }
  });

  it('lets the second change wait for the first to commit, then refuses it', async () => {
    const document = await documentIn('GOODS_RECEIPT', 'OPEN');
    let changed!: () => void;
    const firstChanged = new Promise<void>((resolve) => (changed = resolve));
    const first = t.app.ctx.db.transaction().execute(async (tx) => {
      const written = await changeStatus(tx, { documentId: document.id, to: 'IN_PROGRESS', expectedVersion: 1 });
      changed();
      // Holds its transaction (and on PostgreSQL the row) while the second change starts.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return written;
    });
    await firstChanged;
    const second = outcome(change(document.id, 'DELETED', 1));
    expect(await first).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    expect(await second).toEqual({ status: 412, key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    expect(await stored(document.id)).toEqual({ status: 'IN_PROGRESS', version: 2 });
  });

  it('knows the statuses the demo data and production orders use', async () => {
    const rows = await t.app.ctx.db.selectFrom('document').select(['type', 'code', 'status']).execute();
    const demo = rows.filter((row) => !row.code.startsWith('F-'));
    expect(demo.map((row) => row.code)).toEqual(expect.arrayContaining(['PO-1001', 'SO-1999', 'WO-3001']));
    for (const row of demo) expect(isDocumentStatusOf(row.type, row.status), `${row.code} ${row.status}`).toBe(true);
    // Production orders are created PLANNED or RELEASED.
    expect(isDocumentStatusOf('PRODUCTION_ORDER', 'PLANNED')).toBe(true);
    expect(isDocumentStatusOf('PRODUCTION_ORDER', 'RELEASED')).toBe(true);
  });
});
