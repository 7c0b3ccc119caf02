import type { DbOrTx } from '../../db/database.js';
import type { PrinterRow } from '../../db/schema.js';

export interface PrinterValues {
  name: string;
  printType: string;
  host: string | null;
  port: number;
  folder: string | null;
  paper: string;
  labelFormat: string;
  active: boolean;
}

function columns(values: PrinterValues) {
  return {
    name: values.name,
    name_lower: values.name.toLowerCase(),
    print_type: values.printType,
    host: values.host,
    port: values.port,
    folder: values.folder,
    paper: values.paper,
    label_format: values.labelFormat,
    active: values.active ? 1 : 0,
  };
}

export function listPrinters(db: DbOrTx): Promise<PrinterRow[]> {
  return db.selectFrom('printer').selectAll().orderBy('name_lower').execute();
}

export function listActivePrinters(db: DbOrTx): Promise<PrinterRow[]> {
  return db.selectFrom('printer').selectAll().where('active', '=', 1).orderBy('name_lower').execute();
}

export function findPrinterById(db: DbOrTx, id: number): Promise<PrinterRow | undefined> {
  return db.selectFrom('printer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another printer with the name (case-insensitive), if any. */
export function findPrinterByName(db: DbOrTx, name: string, exceptId: number | null = null) {
  let query = db.selectFrom('printer').select('id').where('name_lower', '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertPrinter(db: DbOrTx, values: PrinterValues, at: string): Promise<number> {
  const row = await db
    .insertInto('printer')
    .values({ ...columns(values), version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the printer when its stored version is still `version`; returns the rows updated. */
export function updatePrinter(db: DbOrTx, id: number, version: number, values: PrinterValues, at: string) {
  return db
    .updateTable('printer')
    .set({ ...columns(values), version: version + 1, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function deletePrinter(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('printer').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
