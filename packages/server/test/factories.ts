import {
  codeKey,
  documentLineDirection,
  paddedCodeKey,
  toThousandths,
  type BinLocationPhysicalType,
  type BinLocationType,
  type DocumentType,
  type ManagedBy,
  type Role,
} from '@wms/contract';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/features/auth/secrets.js';
import {
  newBinLocationRow,
  newItemRow,
  type BinLocationInput,
  type ItemInput,
} from '../src/features/items/item-rows.js';
import { addToStockRows, insertLedgerRows } from '../src/features/stock/stock.repository.js';
import { nowIso } from '../src/util/time.js';

/**
 * Test factories over the real database (t.app.ctx.db of buildTestApp, or a migrated test
 * database): each makes exactly the records a test needs, with codes no other call gives, and
 * answers their ids and codes. A test that builds its own state with them passes alone, in any
 * order, and next to the demo data.
 *
 * Codes are a prefix and a counter ("F-ITEM-0007"); pass `code` to choose one. Quantities are
 * decimal numbers, stored as thousandths (toThousandths). Objects are referred to by the record
 * a factory answered or by their id.
 */

let counter = 0;
/**
 * A code no other call in this process answers: the prefix and a counter of four digits at least,
 * so codes made one after the other also sort in that order ("F-ITEM-0009" < "F-ITEM-0010").
 */
export function uniqueCode(prefix: string): string {
  counter += 1;
  return `${prefix}${String(counter).padStart(4, '0')}`;
}

/** A record by the answer of a factory, or its id. */
export type Ref = number | { id: number };
const idOf = (ref: Ref): number => (typeof ref === 'number' ? ref : ref.id);
const optionalIdOf = (ref: Ref | null | undefined): number | null => (ref == null ? null : idOf(ref));

export interface Warehouse {
  id: number;
  code: string;
  name: string;
}

export async function makeWarehouse(
  db: Db,
  input: { code?: string; name?: string; active?: boolean } = {},
): Promise<Warehouse> {
  const code = input.code ?? uniqueCode('F-WH-');
  const name = input.name ?? `Warehouse ${code}`;
  const row = await db
    .insertInto('warehouse')
    .values({ code, code_lower: codeKey(code), visual_code: code, name, active: input.active === false ? 0 : 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, name };
}

/** The warehouse of bin locations made without one: one per database, made on first use. */
const defaultWarehouses = new WeakMap<Db, Promise<Warehouse>>();
function defaultWarehouse(db: Db): Promise<Warehouse> {
  let warehouse = defaultWarehouses.get(db);
  if (!warehouse) {
    warehouse = makeWarehouse(db, { name: 'Factory warehouse' });
    defaultWarehouses.set(db, warehouse);
  }
  return warehouse;
}

export interface Item {
  id: number;
  code: string;
  name: string;
  managedBy: ManagedBy;
}

/** An item (newItemRow): NORMAL unless managedBy says BATCH_NUMBER or SERIAL_NUMBER; any other ItemInput field passes through. */
export async function makeItem(db: Db, input: Partial<ItemInput> & { managedBy?: ManagedBy } = {}): Promise<Item> {
  const code = input.code ?? uniqueCode('F-ITEM-');
  const name = input.name ?? `Item ${code}`;
  const managedBy = input.managedBy ?? 'NORMAL';
  const row = await db
    .insertInto('item')
    .values(newItemRow({ ...input, code, name, managedBy }, nowIso()))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, name, managedBy };
}

export interface BinLocation {
  id: number;
  code: string;
  warehouseId: number;
  locationType: BinLocationType;
  physicalLocationType: BinLocationPhysicalType;
}

/**
 * A bin location (newBinLocationRow), BULK and NORMAL unless told, in the given warehouse or the
 * factories' own one. `restricted` sets stockMovementRestricted; `blocked` blocks stock movements
 * (a string is the reason). Any other BinLocationInput field passes through.
 */
export async function makeBinLocation(
  db: Db,
  input: Partial<Omit<BinLocationInput, 'warehouseId' | 'locationType' | 'physicalLocationType'>> & {
    warehouse?: Ref;
    locationType?: BinLocationType;
    physicalLocationType?: BinLocationPhysicalType;
    restricted?: boolean;
    blocked?: boolean | string;
  } = {},
): Promise<BinLocation> {
  const { warehouse, restricted, blocked, ...rest } = input;
  const code = input.code ?? uniqueCode('F-BIN-');
  const warehouseId = warehouse === undefined ? (await defaultWarehouse(db)).id : idOf(warehouse);
  const locationType = input.locationType ?? 'BULK';
  const physicalLocationType = input.physicalLocationType ?? 'NORMAL';
  const row = await db
    .insertInto('bin_location')
    .values(
      newBinLocationRow(
        {
          ...rest,
          code,
          warehouseId,
          locationType,
          physicalLocationType,
          stockMovementRestricted: restricted ?? rest.stockMovementRestricted,
          blockStockMovements: blocked === undefined ? rest.blockStockMovements : blocked !== false,
          blockStockMovementsReason: typeof blocked === 'string' ? blocked : rest.blockStockMovementsReason,
        },
        nowIso(),
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, warehouseId, locationType, physicalLocationType };
}

export interface Batch {
  id: number;
  code: string;
  itemId: number;
}

/** A batch of an item; QC-approved unless qcApproved is false. Dates are YYYY-MM-DD. */
export async function makeBatch(
  db: Db,
  input: {
    item: Ref;
    code?: string;
    mnfBatchCode?: string | null;
    admissionDate?: string | null;
    manufacturingDate?: string | null;
    expirationDate?: string | null;
    qcApproved?: boolean;
  },
): Promise<Batch> {
  const code = input.code ?? uniqueCode('F-B-');
  const itemId = idOf(input.item);
  const row = await db
    .insertInto('batch')
    .values({
      item_id: itemId,
      code,
      code_key: paddedCodeKey(code),
      visual_code: code,
      mnf_batch_code: input.mnfBatchCode ?? null,
      admission_date: input.admissionDate ?? null,
      manufacturing_date: input.manufacturingDate ?? null,
      expiration_date: input.expirationDate ?? null,
      quality_control_approved_or_not_required: input.qcApproved === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, itemId };
}

export interface Serial {
  id: number;
  code: string;
  itemId: number;
  lotCode: string | null;
}

/** A serial number of an item, in a lot when lotCode is given; QC-approved unless qcApproved is false. */
export async function makeSerial(
  db: Db,
  input: { item: Ref; code?: string; lotCode?: string | null; expirationDate?: string | null; qcApproved?: boolean },
): Promise<Serial> {
  const code = input.code ?? uniqueCode('F-SN-');
  const itemId = idOf(input.item);
  const lotCode = input.lotCode ?? null;
  const row = await db
    .insertInto('serial')
    .values({
      item_id: itemId,
      code,
      code_key: paddedCodeKey(code),
      visual_code: code,
      lot_code: lotCode,
      expiration_date: input.expirationDate ?? null,
      quality_control_approved_or_not_required: input.qcApproved === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, itemId, lotCode };
}

export interface StockRow {
  id: number;
  itemId: number;
  binLocationId: number;
  batchId: number | null;
  serialId: number | null;
}

/**
 * Stock of an item at a location (optionally of a batch or serial), written as the stock service
 * writes it: one upsert that adds the quantities to the row of (item, bin, batch, serial), so a
 * second call adds to the first, and one RECEIPT ledger row of the on-hand quantity (the ledger
 * then sums to the stock, as after a real receipt; `ledger: false` leaves it out). No movement
 * rule is checked: a test may build any state. released, pick and qcPending are parts of onHand.
 */
export async function makeStock(
  db: Db,
  input: {
    item: Ref;
    location: Ref;
    batch?: Ref | null;
    serial?: Ref | null;
    onHand: number;
    released?: number;
    pick?: number;
    qcPending?: number;
    ledger?: boolean;
  },
): Promise<StockRow> {
  const key = {
    itemId: idOf(input.item),
    binLocationId: idOf(input.location),
    batchId: optionalIdOf(input.batch),
    serialId: optionalIdOf(input.serial),
  };
  const at = nowIso();
  const onHand = toThousandths(input.onHand);
  const [row] = await db.transaction().execute(async (tx) => {
    const rows = await addToStockRows(
      tx,
      [
        {
          ...key,
          onHand,
          released: toThousandths(input.released ?? 0),
          pick: toThousandths(input.pick ?? 0),
          qcPending: toThousandths(input.qcPending ?? 0),
        },
      ],
      at,
    );
    if (input.ledger !== false && onHand !== 0) {
      await insertLedgerRows(tx, [
        {
          ...key,
          transactionType: 'RECEIPT',
          documentType: null,
          documentCode: null,
          at,
          userId: null,
          username: null,
          quantity: onHand,
          idempotencyKey: null,
        },
      ]);
    }
    return rows;
  });
  if (!row) throw new Error('makeStock wrote no row');
  return { id: row.id, ...key };
}

/** The item's default bin location in the location's warehouse (enforced when told). */
export async function makeDefaultLocation(
  db: Db,
  input: { item: Ref; location: BinLocation; enforced?: boolean },
): Promise<void> {
  await db
    .insertInto('default_item_location')
    .values({
      item_id: idOf(input.item),
      warehouse_id: input.location.warehouseId,
      bin_location_id: input.location.id,
      enforced: input.enforced === true ? 1 : 0,
      min_stock: null,
      max_stock: null,
      version: 1,
    })
    .execute();
}

export interface User {
  id: number;
  username: string;
  password: string;
}

/**
 * An active user with exactly these roles, its password hashed as the seed hashes it
 * (default password: `<username>-secret`, which the password policy accepts). Sign in with
 * signIn(t, user.username, user.password).
 */
export async function makeUser(
  db: Db,
  input: { roles: readonly Role[]; username?: string; password?: string; active?: boolean; language?: string },
): Promise<User> {
  const username = input.username ?? uniqueCode('fuser');
  const password = input.password ?? `${username}-secret`;
  const at = nowIso();
  const row = await db
    .insertInto('app_user')
    .values({
      username,
      username_lower: username.toLowerCase(),
      password_hash: await hashPassword(password),
      roles: JSON.stringify(input.roles),
      settings: JSON.stringify({ preferredLanguage: input.language ?? 'en' }),
      created_at: at,
      updated_at: at,
      version: 1,
      active: input.active === false ? 0 : 1,
      totp_enabled: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password };
}

export interface DocumentLineInput {
  item: Ref;
  quantity: number;
  /** Default: the whole quantity. */
  open?: number;
  batch?: Ref | null;
  serial?: Ref | null;
  from?: Ref | null;
  to?: Ref | null;
  /** A production order's product line (direction IN). */
  product?: boolean;
  extras?: Record<string, unknown> | null;
}

export interface Document {
  id: number;
  type: DocumentType;
  code: string;
  lines: { id: number; lineNumber: number; itemId: number }[];
}

/** A document of any type (status OPEN unless told) with its lines, numbered from 0, direction from the type. */
export async function makeDocument(
  db: Db,
  input: {
    type: DocumentType;
    lines: readonly DocumentLineInput[];
    code?: string;
    status?: string;
    warehouse?: Ref | null;
    businessPartnerId?: number | null;
    documentDate?: string | null;
    dueDate?: string | null;
    shipDate?: string | null;
    priority?: number;
    erpReference?: string | null;
  },
): Promise<Document> {
  const code = input.code ?? uniqueCode(`F-${input.type}-`);
  const at = nowIso();
  return db.transaction().execute(async (tx) => {
    const document = await tx
      .insertInto('document')
      .values({
        type: input.type,
        code,
        code_lower: codeKey(code),
        visual_code: code,
        status: input.status ?? 'OPEN',
        warehouse_id: optionalIdOf(input.warehouse),
        business_partner_id: input.businessPartnerId ?? null,
        document_date: input.documentDate ?? null,
        due_date: input.dueDate ?? null,
        ship_date: input.shipDate ?? null,
        ...(input.priority === undefined ? {} : { priority: input.priority }),
        erp_reference: input.erpReference ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines =
      input.lines.length === 0
        ? []
        : await tx
            .insertInto('document_line')
            .values(
              input.lines.map((line, lineNumber) => ({
                document_id: document.id,
                line_number: lineNumber,
                item_id: idOf(line.item),
                direction: documentLineDirection(input.type, line.product ?? false),
                quantity: toThousandths(line.quantity),
                open_quantity: toThousandths(line.open ?? line.quantity),
                batch_id: optionalIdOf(line.batch),
                serial_id: optionalIdOf(line.serial),
                from_bin_location_id: optionalIdOf(line.from),
                to_bin_location_id: optionalIdOf(line.to),
                extras: line.extras == null ? null : JSON.stringify(line.extras),
              })),
            )
            .returning(['id', 'line_number', 'item_id'])
            .execute();
    return {
      id: document.id,
      type: input.type,
      code,
      lines: lines
        .map((l) => ({ id: l.id, lineNumber: l.line_number, itemId: l.item_id }))
        .sort((a, b) => a.lineNumber - b.lineNumber),
    };
  });
}
