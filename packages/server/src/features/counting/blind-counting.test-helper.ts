import type { Role } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { routeTable, type RouteTableEntry } from '../../http/route-table.js';

/**
 * Walking every GET route of the app (decision 0189, "Blind counting in batching mode"): the
 * concrete URLs of each route with codes of existing data, and a deep scan of an answer for stock
 * quantities.
 */

/**
 * The keys of a stock quantity: the five buckets of a stock row (DOMAIN.md: onHand, released,
 * pick, QC-pending, freeToMove; the first is the count's expected quantity, the others add up to
 * it), the planning area's free stock, and a count's onHand and difference (counted − onHand gives
 * onHand away). Also the names other code could give them (quantityOnHand, available, expected).
 * Document quantities (ordered, open, released to pick lists, picked, received) and ledger
 * movements are not balances of a location and stay.
 */
export const stockQuantityKeys: ReadonlySet<string> = new Set([
  'onHand',
  'onHandQty',
  'quantityOnHand',
  'freeToMoveQty',
  'releasedQty',
  'pickQty',
  'qcPendingQty',
  'freeStock',
  'available',
  'availableQty',
  'expected',
  'expectedQty',
  'expectedQuantity',
  'difference',
]);

/** Every path (dotted, arrays as []) where a stock quantity key holds a number. */
export function stockQuantitiesIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((entry) => stockQuantitiesIn(entry, `${path}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(stockQuantityKeys.has(key) && typeof entry === 'number' ? [`${path}.${key}`] : []),
    ...stockQuantitiesIn(entry, `${path}.${key}`),
  ]);
}

/** Routes not walked, with the reason: none of them answers stock (files, static assets, docs). */
export const notWalked: Readonly<Record<string, string>> = {
  '/api/docs/static/*': 'the OpenAPI viewer assets (static files)',
  '/userdata/frontend_bundle/*': 'the web bundle (static files)',
  '/userdata/static/item_images/:file': 'an image file download',
  '/api/v1/item/:code/image': 'an image file download',
  '/userdata/temp/albums/:group/:file': 'a file download',
  '/translations/:file': 'a translation file',
  '/translations/specialization/:customerId/:file': 'a translation file',
  '/api/v1/translations/patchFile/:language': 'a translation file',
  '/api/v1/documents/:type/:code/attachments/:id': 'an attachment file download',
  '/api/v1/delivery/:code/packingSlip': 'a PDF download',
  '/api/v1/delivery/:code/carrierLabel': 'a label file download',
  '/api/v1/order/import/:kind/template.xlsx': 'a spreadsheet download',
  '/api/v1/order/import/:kind/sessions/:id/report.xlsx': 'a spreadsheet download',
  '/api/v1/counting_lists/:list/pdf': 'a PDF download',
  '/api/v1/counting_lists/:list/variance.xlsx': 'a spreadsheet download',
  '/api/v1/spreadsheets/library': 'reads a spreadsheet file of the library by path (no stock)',
};

/** Codes of existing (demo and test) data the walk fills path parameters and queries with. */
export interface WalkData {
  item: string;
  location: string;
  staging: string;
  warehouse: string;
  batch: string;
  serial: string;
  partner: string;
  userId: number;
  documents: Record<string, string>;
  grids: { objectType: string; index: number }[];
  ids: Record<string, number>;
}

async function firstCode(db: Db, type: string): Promise<string> {
  const row = await db.selectFrom('document').select('code').where('type', '=', type).orderBy('id').executeTakeFirst();
  return row?.code ?? 'NONE';
}

async function firstId(db: Db, table: 'user_task_template' | 'user_task' | 'address_validation' | 'delivery_load') {
  const row = await db.selectFrom(table).select('id').orderBy('id').executeTakeFirst();
  return row?.id ?? 0;
}

/** The walk's data: the test's item and location with stock, and the first demo row of each kind. */
export async function walkData(
  db: Db,
  own: { item: string; location: string; batch: string; serial: string; userId: number },
): Promise<WalkData> {
  const documentTypes = [
    'PURCHASE_ORDER',
    'PLANNED_GOODS_RECEIPT',
    'GOODS_RECEIPT',
    'SALES_ORDER',
    'SALES_RETURN',
    'PICK_LIST',
    'DELIVERY',
    'PRODUCTION_ORDER',
    'RECOUNT_REQUEST',
    'COUNTING_LIST',
  ];
  const documents: Record<string, string> = {};
  for (const type of documentTypes) documents[type] = await firstCode(db, type);
  const partner = await db.selectFrom('business_partner').select('code').orderBy('id').executeTakeFirstOrThrow();
  const grids = await db.selectFrom('custom_grid').select(['object_type', 'position']).execute();
  const receipt = await db
    .selectFrom('goods_receipt as r')
    .innerJoin('document as d', 'd.id', 'r.id')
    .select('d.code')
    .orderBy('r.id')
    .executeTakeFirst();
  // The put wall's pick list: the one whose cart is PUTWALL-CART-1 (demo-multi-address.ts).
  const multi = await db
    .selectFrom('shipping_container as c')
    .innerJoin('bin_location as b', 'b.id', 'c.bin_location_id')
    .innerJoin('document as d', 'd.id', 'c.pick_list_id')
    .select('d.code')
    .where('b.code', '=', 'PUTWALL-CART-1')
    .executeTakeFirst();
  const price = await db
    .selectFrom('item_price as p')
    .innerJoin('price_list as l', 'l.id', 'p.price_list_id')
    .innerJoin('item as i', 'i.id', 'p.item_id')
    .select(['l.code as list', 'i.code as item'])
    .orderBy('p.id')
    .executeTakeFirst();
  return {
    ...own,
    staging: '01-RECEIVE',
    warehouse: '01',
    partner: partner.code,
    documents: {
      ...documents,
      receipt: receipt?.code ?? 'NONE',
      multi: multi?.code ?? 'NONE',
      priceList: price?.list ?? 'NONE',
      pricedItem: price?.item ?? 'NONE',
    },
    grids: grids.map((g) => ({ objectType: g.object_type, index: g.position })),
    ids: {
      template: await firstId(db, 'user_task_template'),
      task: await firstId(db, 'user_task'),
      address: await firstId(db, 'address_validation'),
      load: await firstId(db, 'delivery_load'),
    },
  };
}

/** The ISO date of `days` days ago (negative: ahead). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The concrete URLs of a GET route, filled with the walk's data. */
export function urlsOf(route: string, data: WalkData): string[] {
  const d = data.documents;
  const grid = (objectType: string) =>
    ({ items: data.item, binLocations: data.location, batches: data.batch, serials: data.serial })[objectType] ?? '';
  const special: Record<string, string[]> = {
    '/api/v1/custom_grid/:objectType': ['items', 'binLocations', 'batches', 'serials'].map(
      (type) => `/api/v1/custom_grid/${type}`,
    ),
    '/api/v1/custom_grid/:objectType/:index/:code': data.grids.map(
      (g) => `/api/v1/custom_grid/${g.objectType}/${g.index}/${encodeURIComponent(grid(g.objectType))}`,
    ),
    '/api/v1/goods_sorting/staging/:location': [`/api/v1/goods_sorting/staging/${data.staging}`],
    '/api/v1/goods_receipt/find': [`/api/v1/goods_receipt/find?scan=${d.PURCHASE_ORDER}`],
    '/api/v1/goods_receipt/finished_receipts': [
      `/api/v1/goods_receipt/finished_receipts?from=${daysAgo(300)}&to=${daysAgo(-1)}`,
    ],
    '/api/v1/goods_receipt/batchLots': [`/api/v1/goods_receipt/batchLots?item=${data.item}`],
    '/api/v1/production/finished_goods_receipt': ['/api/v1/production/finished_goods_receipt?item=PROD-001'],
    '/api/v1/pick_list/rows': [`/api/v1/pick_list/rows?code=${d.PICK_LIST}`],
    '/api/v1/packing_slip/find': [`/api/v1/packing_slip/find?scan=${d.DELIVERY}`],
    '/api/v1/item/:code/itemPrice': [`/api/v1/item/${d.pricedItem}/itemPrice?priceList=${d.priceList}`],
    '/api/v1/item/pricelists/:list': [`/api/v1/item/pricelists/${d.priceList}`],
    '/api/v1/pack/:code': [`/api/v1/pack/${d.PICK_LIST}`],
    '/api/v1/wall_to_wall/batch/progress': [`/api/v1/wall_to_wall/batch/progress?list=${d.COUNTING_LIST}`],
    '/api/v1/counting/history': ['/api/v1/counting/history', `/api/v1/counting/history?item=${data.item}`],
  };
  if (special[route]) return special[route];
  const byParam: Record<string, string> = {
    text: data.item.slice(0, 4),
    whsCode: data.warehouse,
    itemCode: data.item,
    list: d.COUNTING_LIST ?? 'NONE',
    kind: 'sales_orders',
    type: 'PICK_LIST',
    objectType: 'items',
    id: String(data.userId),
    receipt: data.documents.receipt ?? 'NONE',
    order: d.PRODUCTION_ORDER ?? 'NONE',
  };
  const codeFor = (): string => {
    if (route.startsWith('/api/v1/item/') || route.startsWith('/api/v1/master_data/items')) return data.item;
    if (route.includes('bin_location')) return data.location;
    if (route.startsWith('/api/v1/batch/')) return data.batch;
    if (route.startsWith('/api/v1/serial/')) return data.serial;
    if (route.startsWith('/api/v1/bp/') || route.includes('business_partners')) return data.partner;
    if (route.includes('warehouses')) return data.warehouse;
    if (route.startsWith('/api/v1/order/')) return d.SALES_ORDER!;
    if (route.includes('/sales/returns/')) return d.SALES_RETURN!;
    if (route.includes('plannedGoodsReceipt') || route.includes('planned_goods_receipts'))
      return d.PLANNED_GOODS_RECEIPT!;
    if (route.startsWith('/api/v1/pick_list/') || route.startsWith('/api/v1/documents/')) return d.PICK_LIST!;
    if (route.startsWith('/api/v1/pack/') || route.startsWith('/api/v1/delivery/')) return d.DELIVERY!;
    if (route.startsWith('/api/v1/multi_address_delivery/')) return d.multi!;
    if (route.startsWith('/api/v1/recounting/')) return d.RECOUNT_REQUEST!;
    return 'NONE';
  };
  const idFor = (): string => {
    if (route.includes('/user_tasks/templates/')) return String(data.ids.template);
    if (route.includes('/user_tasks/')) return String(data.ids.task);
    if (route.startsWith('/api/v1/address/')) return String(data.ids.address);
    if (route.includes('/delivery_dispatch/load/')) return String(data.ids.load);
    if (route.includes('/order/import/')) return '1';
    return String(data.userId);
  };
  const url = route.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(name === 'code' ? codeFor() : name === 'id' ? idFor() : (byParam[name] ?? 'NONE')),
  );
  return [url];
}

/** The GET routes a caller with these (expanded) roles may call. */
export function getRoutesFor(t: TestApp, expandedRoles: ReadonlySet<Role>): RouteTableEntry[] {
  return routeTable(t.app).filter(
    (route) =>
      route.method === 'GET' &&
      route.access !== undefined &&
      ('anyRole' in route.access ? route.access.anyRole.some((role) => expandedRoles.has(role)) : true),
  );
}

/** One call of the walk: the URL, its status and the stock quantities found in its JSON answer. */
export interface WalkedCall {
  route: string;
  url: string;
  status: number;
  quantities: string[];
}

/** Calls every URL of every walkable route; routes in notWalked are left out. */
export async function walk(client: HttpClient, routes: RouteTableEntry[], data: WalkData): Promise<WalkedCall[]> {
  const calls: WalkedCall[] = [];
  for (const route of routes) {
    if (notWalked[route.url]) continue;
    for (const url of urlsOf(route.url, data)) {
      const answer = await client.get(url);
      calls.push({ route: route.url, url, status: answer.status, quantities: stockQuantitiesIn(answer.json) });
    }
  }
  return calls;
}
