import {
  binLocationEndpoints,
  pathOf,
  pickListEndpoints as endpoints,
  ppmEndpoints,
  userEndpoints,
  type PickListLine,
  type PickListSummary,
  type PlannableOrderLine,
} from '@wms/contract';
import { stubFetch, type Call } from '../../test-support/fetch-stub.js';

/** Fixtures of the /picklists dom tests. */
export const summary = (changes: Partial<PickListSummary> = {}): PickListSummary => ({
  code: 'PL-1',
  status: 'RELEASED',
  version: 3,
  priority: 10,
  warehouse: '01',
  customer: { code: 'C1', name: 'Customer one' },
  shipDate: '2025-05-01',
  route: 'R1',
  linesTotal: 2,
  linesPicked: 0,
  claimedBy: null,
  packed: false,
  containers: 0,
  createdAt: '2025-04-30T08:00:00.000Z',
  ...changes,
});

export const line = (changes: Partial<PickListLine> = {}): PickListLine => ({
  lineNumber: 0,
  item: 'MILK',
  itemName: 'Milk 1 l',
  managedBy: 'BATCH_NUMBER',
  quantity: 6,
  pickedQuantity: 2,
  shortQuantity: 0,
  shortReason: null,
  openQuantity: 4,
  walkOrder: 0,
  skipped: false,
  allocations: [
    {
      location: '01-A-01',
      locationSortingCode: '001',
      batch: 'B-7',
      serial: null,
      expirationDate: '2025-06-01',
      quantity: 4,
    },
  ],
  picks: [],
  salesOrder: 'SO-1',
  salesOrderLine: 0,
  ...changes,
});

export const plannable = (changes: Partial<PlannableOrderLine> = {}): PlannableOrderLine => ({
  salesOrder: 'SO-9',
  lineNumber: 1,
  customer: { code: 'C1', name: 'Customer one' },
  warehouse: '01',
  shipDate: '2025-05-01',
  route: null,
  item: 'MILK',
  itemName: 'Milk 1 l',
  openQuantity: 5,
  releasedQuantity: 0,
  freeStock: 20,
  ...changes,
});

export const refusal = (status: number, key: string, args: Record<string, unknown> = {}) => ({
  status,
  json: { status, key, args, message: key },
});

type Answer = { status?: number; json: unknown } | undefined;

/** The pick list server: the overview page, the lines of PL-1, the lock; `write` answers every POST. */
export function fakePickListServer(
  lists: PickListSummary[],
  write: (path: string, body: unknown) => Answer = () => undefined,
): Call[] {
  return stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    if (method === 'POST') return write(path, body);
    if (path === pathOf(endpoints.all)) return { json: { rows: lists, total: lists.length } };
    if (path === pathOf(endpoints.rows))
      return {
        json: [
          line(),
          line({
            lineNumber: 1,
            item: 'SCREW',
            itemName: 'Screw',
            managedBy: 'NORMAL',
            allocations: [],
            openQuantity: 0,
            pickedQuantity: 6,
            walkOrder: 1,
          }),
        ],
      };
    if (path === pathOf(endpoints.lockState))
      return { json: { locking: 'PER_KEY', locked: false, username: null, since: null } };
    if (path === pathOf(ppmEndpoints.lines)) return { json: { lines: [plannable()], truncated: false } };
    if (path === pathOf(binLocationEndpoints.warehouses)) return { json: [] };
    if (path === pathOf(userEndpoints.simpleUsers)) return { json: [{ userid: 2, username: 'picker2' }] };
    if (path === pathOf(endpoints.broken)) return { json: [] };
    return undefined;
  });
}
