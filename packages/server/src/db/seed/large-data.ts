import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import { newBinLocationRow, newItemRow } from '../../features/items/item-rows.js';
import type { DatabaseHandle, DbOrTx } from '../database.js';
import type { Database } from '../schema.js';

/**
 * The large data set of the bench: items, bin locations and stock rows with deterministic
 * codes, so a benchmark can name what it looks up. Inserted with multi-row inserts in big
 * transactions (one per table), with explicit ids so stock rows can point at items and bins
 * without reading them back.
 */
export interface LargeDataOptions {
  items: number;
  locations: number;
  stock: number;
}

export const defaultLargeDataOptions: LargeDataOptions = { items: 100_000, locations: 20_000, stock: 1_000_000 };

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Item i (from 1): code LD-I0000001, barcodes 2000000000011/2/3 style (13 digits), name with words. */
export const largeItemCode = (i: number) => `LD-I${pad(i, 7)}`;
export const largeItemBarcode = (i: number, slot: 1 | 2 | 3) => `2${pad(i, 10)}${slot}0`;
export const largeBinCode = (i: number) => `LD-L${pad(i, 6)}`;
export const largeBinBarcode = (i: number) => `LB${pad(i, 8)}`;
export const largeWarehouseCodes = ['LD1', 'LD2'] as const;

const adjectives = ['Steel', 'Brass', 'Plastic', 'Copper', 'Oak', 'Rubber', 'Glass', 'Nylon', 'Zinc', 'Cotton'];
const nouns = ['bolt', 'washer', 'hinge', 'bracket', 'gasket', 'valve', 'spring', 'cable', 'panel', 'sleeve', 'clamp'];
const sizes = ['S', 'M', 'L', 'XL', '6 mm', '8 mm', '10 mm', '12 mm'];
export const largeItemName = (i: number) =>
  `${adjectives[i % adjectives.length]} ${nouns[(i * 7) % nouns.length]} ${sizes[(i * 13) % sizes.length]} #${i}`;
const workTypes = ['BULK', 'PICK', 'PICK', 'BULK', 'RECEIVE', 'QC', 'DELIVERY', 'PRODUCTION', 'MOBILE', 'BULK'];

/** Rows per multi-row insert: ~1000 on PostgreSQL; SQLite's limit is 32766 parameters a statement. */
function chunkSize(columns: number): number {
  return Math.max(1, Math.min(1000, Math.floor(30_000 / columns)));
}

async function insertChunked<T extends keyof Database>(
  db: DbOrTx,
  table: T,
  count: number,
  row: (index: number) => Record<string, unknown>,
): Promise<void> {
  const columns = Object.keys(row(0)).length;
  const size = chunkSize(columns);
  for (let start = 0; start < count; start += size) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + size); i++) rows.push(row(i));
    // The rows are built from typed row builders; Kysely's insert typing cannot follow a generic table.
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

async function nextId(db: DbOrTx, table: 'item' | 'bin_location' | 'stock' | 'warehouse'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** The smallest step >= n/10 that is coprime to n: k * step mod n differs for every k < n. */
function coprimeStep(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = Math.max(1, Math.floor(n / 10) + 3);
  while (gcd(step, n) !== 1) step++;
  return step;
}

export interface LargeDataResult {
  items: number;
  locations: number;
  stock: number;
  skipped: boolean;
  milliseconds: number;
}

export async function generateLargeData(
  handle: DatabaseHandle,
  options: LargeDataOptions = defaultLargeDataOptions,
  log: (line: string) => void = () => {},
): Promise<LargeDataResult> {
  const started = performance.now();
  const { db, dialect } = handle;
  const { items, locations } = options;
  const stock = Math.min(options.stock, items * locations);
  const present = await db
    .selectFrom('item')
    .select('id')
    .where('code_lower', '=', codeKey(largeItemCode(1)))
    .executeTakeFirst();
  if (present) {
    log('large data set already present: nothing to do');
    return { items: 0, locations: 0, stock: 0, skipped: true, milliseconds: performance.now() - started };
  }
  const at = new Date().toISOString();

  const warehouseIds: number[] = [];
  await db.transaction().execute(async (tx) => {
    for (const code of largeWarehouseCodes) {
      const row = await tx
        .insertInto('warehouse')
        .values({ code, code_lower: codeKey(code), visual_code: code, name: `Bench warehouse ${code}`, active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      warehouseIds.push(row.id);
    }
  });

  const firstBin = await nextId(db, 'bin_location');
  await db.transaction().execute(async (tx) => {
    await insertChunked(tx, 'bin_location', locations, (i) => ({
      id: firstBin + i,
      ...newBinLocationRow(
        {
          code: largeBinCode(i + 1),
          barcode: largeBinBarcode(i + 1),
          warehouseId: warehouseIds[i % warehouseIds.length] ?? 0,
          locationType: workTypes[i % workTypes.length],
          sortingCode: pad(i + 1, 6),
        },
        at,
      ),
    }));
  });
  log(`${locations} bin locations after ${Math.round(performance.now() - started)} ms`);

  const firstItem = await nextId(db, 'item');
  await db.transaction().execute(async (tx) => {
    await insertChunked(tx, 'item', items, (i) => ({
      id: firstItem + i,
      ...newItemRow(
        {
          code: largeItemCode(i + 1),
          name: largeItemName(i + 1),
          barcodes: [largeItemBarcode(i + 1, 1), largeItemBarcode(i + 1, 2), largeItemBarcode(i + 1, 3)],
          barcodeQuantities: [1, 6 + (i % 7), 100],
          units: 'pcs',
          groupName: nouns[(i * 7) % nouns.length] ?? null,
          weightInMg: 1000 + (i % 5000),
        },
        at,
      ),
    }));
  });
  log(`${items} items after ${Math.round(performance.now() - started)} ms`);

  // Stock row r: item r mod items, at the k-th (k = r div items) of that item's bins, spread by a coprime step.
  const step = coprimeStep(locations);
  const firstStock = await nextId(db, 'stock');
  await db.transaction().execute(async (tx) => {
    await insertChunked(tx, 'stock', stock, (r) => {
      const item = r % items;
      const k = Math.floor(r / items);
      const onHand = ((r * 37) % 500) + 1;
      return {
        id: firstStock + r,
        item_id: firstItem + item,
        batch_id: null,
        serial_id: null,
        bin_location_id: firstBin + ((item * 7 + k * step) % locations),
        on_hand_qty: onHand * 1000,
        released_qty: r % 10 === 0 ? 1000 : 0,
        pick_qty: 0,
        qc_pending: 0,
        qc_pending_qty: 0,
        updated_at: at,
      };
    });
  });
  log(`${stock} stock rows after ${Math.round(performance.now() - started)} ms`);

  if (dialect === 'postgres') {
    for (const table of ['warehouse', 'bin_location', 'item', 'stock'] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    await sql`analyze`.execute(db);
  } else {
    // Rows inserted in bulk leave the trigram index of 0006-search-index in many small segments
    // (its triggers add them statement by statement); merge them, as after any bulk import.
    await sql`insert into item_search (item_search) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
  }
  return { items, locations, stock, skipped: false, milliseconds: performance.now() - started };
}
