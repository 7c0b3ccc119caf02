import { codeKey, documentLineDirection, paddedCodeKey, toThousandths, type DocumentType } from '@wms/contract';
import { newBinLocationRow } from '../../features/items/item-rows.js';
import type { Tx } from '../database.js';

/**
 * Customer returns demo data (PROCESSES.md 1.3; docs/decisions/0174-goods-returns.md), after
 * seedDemoMasterData in the same transaction:
 * - warehouse 01's returns settings: returns may be created from delivered sales orders; RESELLABLE
 *   goes to 01-RETURNS (work type RECEIVE, put away by goods sorting), TO_INSPECT to 01-QC,
 *   DAMAGED and SCRAP through 01-REJECT;
 * - SO-1998, delivered (CLOSED, open quantity 0) to C0001: serials SN-0101..SN-0103 of SERIAL-001
 *   (delivered, so not in stock) and 10 of batch B2025-014 of BATCH-001;
 * - RT-4001, an OPEN return of C0001 announcing 1 unit of SERIAL-001.
 */

const day = 24 * 60 * 60 * 1000;
const dateIn = (now: number, days: number) => new Date(now + days * day).toISOString().slice(0, 10);

export async function seedDemoReturns(tx: Tx, at: string): Promise<void> {
  const now = Date.parse(at);
  const warehouse = await tx
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', codeKey('01'))
    .executeTakeFirstOrThrow();
  const location = async (code: string, barcode: string, locationType: string) =>
    (
      await tx
        .insertInto('bin_location')
        .values(newBinLocationRow({ warehouseId: warehouse.id, code, barcode, locationType }, at))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const returnsLocation = await location('01-RETURNS', 'LOC01RT', 'RECEIVE');
  const rejectLocation = await location('01-REJECT', 'LOC01RJ', 'BULK');
  const qcLocation = await tx
    .selectFrom('bin_location')
    .select('id')
    .where('code_lower', '=', codeKey('01-QC'))
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('warehouse')
    .set({
      allow_create_return: 1,
      return_location_id: returnsLocation,
      return_qc_location_id: qcLocation.id,
      return_reject_location_id: rejectLocation,
    })
    .where('id', '=', warehouse.id)
    .execute();

  const itemId = async (code: string) =>
    (await tx.selectFrom('item').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirstOrThrow()).id;
  const serialItem = await itemId('SERIAL-001');
  const batchItem = await itemId('BATCH-001');
  const serials: number[] = [];
  for (const code of ['SN-0101', 'SN-0102', 'SN-0103']) {
    const row = await tx
      .insertInto('serial')
      .values({
        item_id: serialItem,
        code,
        code_key: paddedCodeKey(code),
        visual_code: code,
        lot_code: null,
        admission_date: dateIn(now, -60),
        quality_control_approved_or_not_required: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    serials.push(row.id);
  }
  const batch = await tx
    .selectFrom('batch')
    .select('id')
    .where('item_id', '=', batchItem)
    .where('code_key', '=', paddedCodeKey('B2025-014'))
    .executeTakeFirstOrThrow();
  const customer = await tx
    .selectFrom('business_partner')
    .select('id')
    .where('code_key', '=', paddedCodeKey('C0001'))
    .executeTakeFirstOrThrow();

  const document = async (
    type: DocumentType,
    code: string,
    status: string,
    days: number,
    lines: { item: number; quantity: number; open: number; batch?: number; serial?: number }[],
  ) => {
    const row = await tx
      .insertInto('document')
      .values({
        type,
        code,
        code_lower: codeKey(code),
        visual_code: code,
        status,
        warehouse_id: warehouse.id,
        business_partner_id: customer.id,
        document_date: dateIn(now, days),
        due_date: dateIn(now, days),
        ship_date: dateIn(now, days),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('document_line')
      .values(
        lines.map((line, lineNumber) => ({
          document_id: row.id,
          line_number: lineNumber,
          item_id: line.item,
          direction: documentLineDirection(type),
          quantity: toThousandths(line.quantity),
          open_quantity: toThousandths(line.open),
          batch_id: line.batch ?? null,
          serial_id: line.serial ?? null,
        })),
      )
      .execute();
  };
  await document('SALES_ORDER', 'SO-1998', 'CLOSED', -30, [
    ...serials.map((serial) => ({ item: serialItem, quantity: 1, open: 0, serial })),
    { item: batchItem, quantity: 10, open: 0, batch: batch.id },
  ]);
  await document('SALES_RETURN', 'RT-4001', 'OPEN', -1, [{ item: serialItem, quantity: 1, open: 1 }]);
}
