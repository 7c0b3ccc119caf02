import type { CountingListCreateAnswer, CountingListSaveRequest, OperationMode } from '@wms/contract';
import { makeBinLocation, makeItem, makeStock, makeWarehouse, type Item } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { TestApp } from '../../../test/test-app.js';
import { newKey, ok } from '../counting/counting.test-helper.js';

/** Test calls and data of counting lists (decision 0192). */

export const lists = '/api/v1/counting_lists';
export const batch = '/api/v1/wall_to_wall/batch';

export async function setOperationMode(t: TestApp, operationMode: OperationMode): Promise<void> {
  const { version } = await t.app.ctx.settings.get();
  await t.app.ctx.settings.update(version, { operationMode });
}

/** A warehouse of its own with locations (walk order by countingSortingCode) holding `onHand` of one item each. */
export async function stockedWarehouse(t: TestApp, onHand: readonly number[]) {
  const db = t.app.ctx.db;
  const warehouse = await makeWarehouse(db);
  const item: Item = await makeItem(db);
  const locations = [];
  for (const [index, quantity] of onHand.entries()) {
    // Codes in the reverse of the walk, so the order is the countingSortingCode's.
    const location = await makeBinLocation(db, {
      warehouse,
      code: `${warehouse.code}-${String(9 - index)}`,
      countingSortingCode: `W-${String(index).padStart(3, '0')}`,
    });
    if (quantity > 0) await makeStock(db, { item, location, onHand: quantity });
    locations.push(location);
  }
  return { warehouse, item, locations };
}

export async function createLists(
  creator: HttpClient,
  warehouse: string,
  countingType: 'SINGLE_COUNTING' | 'DOUBLE_COUNTING_ALL' | 'DOUBLE_COUNTING_ONLY_WRONG',
  maxLocationsPerList = 100,
): Promise<CountingListCreateAnswer> {
  const answer = await creator.post(lists, {
    idempotencyKey: newKey('cl'),
    filter: { warehouse },
    maxLocationsPerList,
    countingType,
  });
  return ok(answer).json as CountingListCreateAnswer;
}

export const startCall = (client: HttpClient, list: string) => client.post(`${batch}/startCounting`, { list });

export const saveCall = (
  client: HttpClient,
  body: Omit<CountingListSaveRequest, 'idempotencyKey'> & { idempotencyKey?: string },
) => client.post(`${batch}/save`, { idempotencyKey: newKey('cls'), ...body });

export const countOf = (client: HttpClient, list: string, location: string, item: string, quantity: number) =>
  saveCall(client, { list, location, lines: [{ item, quantity }] });

export const flushCall = (client: HttpClient, list: string, exclude?: string[], idempotencyKey = newKey('clf')) =>
  client.post(`${batch}/flush`, { idempotencyKey, list, ...(exclude ? { exclude } : {}) });
