import type { DbOrTx } from '../../db/database.js';
import { createDocumentHeads } from '../documents/document-create.service.js';
import { nextCodeNumber, noteCodeNumber, numberedCode } from '../documents/document-numbers.js';
import {
  insertLinesOfLists,
  insertPickList,
  pickListCodePrefix,
  pickListHead,
  pickListRow,
  type InsertedPickList,
  type NewPickList,
} from './pick-lists.repository.js';

/**
 * The lists of one creation run in bulk (decision 0183): what insertPickList does for one list,
 * for many in a few statements: the documents (200 per statement, the next PL- numbers in order),
 * their pick_list rows, and every list's lines (300 per statement). A list whose code was taken
 * meanwhile (a concurrent run elsewhere) is inserted on its own under the next free code.
 * Answers the lists in the order given.
 */
export async function insertPickLists(tx: DbOrTx, lists: readonly NewPickList[]): Promise<InsertedPickList[]> {
  if (lists.length === 0) return [];
  const first = await nextCodeNumber(tx, 'PICK_LIST', pickListCodePrefix);
  const heads = lists.map((list, i) => ({ list, code: numberedCode(pickListCodePrefix, first + i) }));
  const ids = await createDocumentHeads(
    tx,
    heads.map(({ list, code }) => ({ ...pickListHead(list), code })),
  );
  const inserted = heads.flatMap(({ list, code }) => {
    const id = ids.get(code);
    return id === undefined ? [] : [{ list, code, id }];
  });
  if (inserted.length > 0) {
    noteCodeNumber('PICK_LIST', pickListCodePrefix, first + lists.length - 1);
    for (let start = 0; start < inserted.length; start += 500) {
      await tx
        .insertInto('pick_list')
        .values(inserted.slice(start, start + 500).map(({ list, id }) => pickListRow(list, id)))
        .execute();
    }
  }
  const lines = await insertLinesOfLists(
    tx,
    inserted.flatMap(({ list, id }) => list.lines.map((line, lineNumber) => ({ documentId: id, lineNumber, line }))),
  );
  const answer = new Map<NewPickList, InsertedPickList>();
  let next = 0;
  for (const { list, code, id } of inserted) {
    answer.set(list, { id, code, lines: lines.slice(next, next + list.lines.length) });
    next += list.lines.length;
  }
  const result: InsertedPickList[] = [];
  for (const list of lists) result.push(answer.get(list) ?? (await insertPickList(tx, list)));
  return result;
}
