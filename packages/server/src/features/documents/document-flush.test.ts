import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAnswerSchema, toThousandths } from '@wms/contract';
import { makeDocument, makeItem, type Document } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { changeStatus } from './document-status.js';
import { flushLines } from './document-flush.js';

describe('flush, line by line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** A SALES_RETURN of three lines, each with 5 open. */
  const returnOfThree = async (): Promise<Document> => {
    const item = await makeItem(t.app.ctx.db);
    return makeDocument(t.app.ctx.db, {
      type: 'SALES_RETURN',
      status: 'IN_PROGRESS',
      lines: [1, 2, 3].map(() => ({ item, quantity: 5 })),
    });
  };
  const openQuantities = async (document: Document) =>
    (
      await t.app.ctx.db
        .selectFrom('document_line')
        .select('open_quantity')
        .where('document_id', '=', document.id)
        .orderBy('line_number')
        .execute()
    ).map((row) => Number(row.open_quantity));

  /** Closes a line (open quantity 0); line 1 writes first and then breaks a rule. */
  const closeLine = (document: Document) => async (tx: Tx, line: { lineNumber: number }) => {
    await tx
      .updateTable('document_line')
      .set({ open_quantity: 0 })
      .where('document_id', '=', document.id)
      .where('line_number', '=', line.lineNumber)
      .execute();
    if (line.lineNumber === 1) throw unprocessable('notEnoughAvailableStock', { itemCode: 'X', requested: 5 });
  };

  const expectedAnswer = {
    key: 'operationCompletedWithErrors',
    lines: [
      { line: 0, outcome: 'FLUSHED' },
      {
        line: 1,
        outcome: 'FAILED',
        error: { key: 'notEnoughAvailableStock', args: { itemCode: 'X', requested: 5 }, message: expect.any(String) },
      },
      { line: 2, outcome: 'FLUSHED' },
    ],
  };

  it('runs each line in its own transaction: a failing line is answered and rolled back, the others are written', async () => {
    const document = await returnOfThree();
    const answer = await flushLines(
      t.app.ctx,
      t.app.ctx.db,
      document.lines,
      (line) => line.lineNumber,
      closeLine(document),
    );
    expect(answer).toEqual(expectedAnswer);
    expect(flushAnswerSchema.parse(answer)).toEqual(answer);
    expect(await openQuantities(document)).toEqual([0, toThousandths(5), 0]);
  });

  it('runs each line in a savepoint of the caller’s transaction, which then commits the rest once', async () => {
    const document = await returnOfThree();
    const answer = await t.app.ctx.db.transaction().execute(async (tx) => {
      const flushed = await flushLines(t.app.ctx, tx, document.lines, (line) => line.lineNumber, closeLine(document));
      // The transaction goes on after a failed line (PostgreSQL too: the savepoint undid the failure).
      await changeStatus(tx, { documentId: document.id, to: 'FLUSHED' });
      return flushed;
    });
    expect(answer).toEqual(expectedAnswer);
    expect(await openQuantities(document)).toEqual([0, toThousandths(5), 0]);
    const stored = await t.app.ctx.db
      .selectFrom('document')
      .select('status')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('FLUSHED');
  });

  it('recovers a savepoint after a failed statement on PostgreSQL (a line that broke a unique rule)', async () => {
    const document = await returnOfThree();
    const answer = await t.app.ctx.db.transaction().execute((tx) =>
      flushLines(
        t.app.ctx,
        tx,
        document.lines,
        (line) => line.lineNumber,
        async (work, line) => {
          if (line.lineNumber === 1) {
            // A second line 0: the unique (document, line number) refuses it, which aborts a
            // PostgreSQL transaction until the savepoint is rolled back.
            const failed = await work
              .insertInto('document_line')
              .values({ document_id: document.id, line_number: 0, item_id: line.itemId, quantity: 1, open_quantity: 1 })
              .execute()
              .then(
                () => false,
                () => true,
              );
            if (failed) throw unprocessable('notEnoughAvailableStock', { itemCode: 'X', requested: 5 });
          }
          await closeLine(document)(work, { lineNumber: line.lineNumber === 1 ? -1 : line.lineNumber });
        },
      ),
    );
    expect(answer.key).toBe('operationCompletedWithErrors');
    expect(answer.lines.map((line) => line.outcome)).toEqual(['FLUSHED', 'FAILED', 'FLUSHED']);
    expect(await openQuantities(document)).toEqual([0, toThousandths(5), 0]);
  });

  it('answers key null when every line flushed, and lets anything but a refusal fail the whole flush', async () => {
    const document = await returnOfThree();
    const clean = await flushLines(
      t.app.ctx,
      t.app.ctx.db,
      document.lines.slice(0, 1),
      (l) => l.lineNumber,
      closeLine(document),
    );
    expect(clean).toEqual({ key: null, lines: [{ line: 0, outcome: 'FLUSHED' }] });

    const other = await returnOfThree();
    await expect(
      t.app.ctx.db.transaction().execute((tx) =>
        flushLines(
          t.app.ctx,
          tx,
          other.lines,
          (l) => l.lineNumber,
          async (work, line) => {
            await closeLine(other)(work, { lineNumber: line.lineNumber === 1 ? -1 : line.lineNumber });
            if (line.lineNumber === 1) throw new Error('a bug, not a refusal');
          },
        ),
      ),
    ).rejects.toThrow('a bug, not a refusal');
    // The caller's transaction rolled back whole: line 0 was not written either.
    expect(await openQuantities(other)).toEqual([toThousandths(5), toThousandths(5), toThousandths(5)]);
  });
});
