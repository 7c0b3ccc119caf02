import type { Language } from '@wms/contract';
import type { Importer, SourceRow } from '../importers/importer.js';
import { admissionKey, admitBatches, admitSerials } from '../items/batch-serial-admission.service.js';
import { applyStockMovement, postedIdempotencyKeys, type StockMovementLine } from '../stock/stock.service.js';
import { CellReader, column } from './master-data-cells.js';
import {
  checkOpeningStock,
  openingStockKey,
  rowsPerChunk,
  scanOpeningStock,
  type OpeningStockCells,
  type OpeningStockFacts,
  type OpeningStockLine,
} from './opening-stock.rules.js';
import { nowIso } from '../../util/time.js';

/**
 * The opening stock importer (kind opening_stock, up to importLimits.maxRowsOpeningStock rows;
 * docs/decisions/0179-standalone-master-data.md): the stock a warehouse starts with, one row per
 * item, location and batch or serial. Each group of consecutive rows (opening-stock.rules.ts) is
 * one RECEIPT through the stock service, with the document OPENING_STOCK {session id} on every
 * ledger row (the item and location history say where the stock came from) and the idempotency
 * key of the session and group, so a group is posted once however often its commit runs.
 * Batches and serials are admitted as a goods receipt admits them (items
 * batch-serial-admission.service.ts), QC-approved.
 */
export const openingStockImportColumns = [
  column('itemCode', 'text', ['Item code', 'Artikelcode', 'Artikelnummer', 'Kod towaru', 'Item'], true),
  column('binLocationCode', 'text', ['Location', 'Locatie', 'Lagerplatz', 'Lokalizacja', 'Bin location', 'Bin'], true),
  column('quantity', 'number', ['Quantity', 'Aantal', 'Menge', 'Ilość', 'Qty'], true),
  column('batch', 'text', ['Batch', 'Batch', 'Charge', 'Partia', 'Lot']),
  column('expirationDate', 'date', ['Expiry date', 'Vervaldatum', 'Verfallsdatum', 'Data ważności']),
  column('manufacturingDate', 'date', ['Production date', 'Productiedatum', 'Herstelldatum', 'Data produkcji']),
  column('serial', 'text', ['Serial number', 'Serienummer', 'Seriennummer', 'Numer seryjny', 'Serial']),
] as const;

/** The ledger's document type of opening stock; its code is the import session's id. */
export const openingStockDocumentType = 'OPENING_STOCK';

/** A row's cells, read (the reader keeps the messages of cells that are not what their column holds). */
function cellsOf(row: SourceRow, language: Language): { reader: CellReader; cells: OpeningStockCells } {
  const reader = new CellReader(row, language);
  return {
    reader,
    cells: {
      rowNumber: row.rowNumber,
      itemCode: reader.required('itemCode'),
      binCode: reader.required('binLocationCode'),
      quantity: reader.number('quantity', { positive: true, required: true }),
      batch: reader.text('batch', 100),
      expirationDate: reader.date('expirationDate'),
      manufacturingDate: reader.date('manufacturingDate'),
      serial: reader.text('serial', 100),
    },
  };
}

export const openingStockImporter: Importer<OpeningStockLine, OpeningStockFacts> = {
  kind: 'opening_stock',
  columns: openingStockImportColumns,
  // 100,000 rows are checked and committed a chunk of whole groups at a time (issue 17's memory).
  chunked: {
    rows: rowsPerChunk,
    scan: (db, rows, run, facts) =>
      scanOpeningStock(
        db,
        rows.map((row) => cellsOf(row, run.language).cells),
        facts,
      ),
  },
  async check(db, rows, run, facts) {
    const read = rows.map((row) => cellsOf(row, run.language));
    const checked = await checkOpeningStock(
      db,
      read.map((r) => r.cells),
      run.sessionId,
      facts,
    );
    return checked.map((result, i) => {
      const { reader } = read[i]!;
      return {
        rowNumber: rows[i]!.rowNumber,
        messages: [...reader.messages, ...result.messages],
        group: result.group,
        ...(result.prepared && reader.messages.every((m) => m.severity !== 'ERROR')
          ? { prepared: result.prepared }
          : {}),
      };
    });
  },
  async commit(tx, rows, run) {
    if (run.sessionId === undefined) throw new Error('opening stock is posted per import session: sessionId missing');
    const groups = new Map<string, OpeningStockLine[]>();
    for (const row of rows) {
      if (row.prepared && row.group) groups.set(row.group, [...(groups.get(row.group) ?? []), row.prepared]);
    }
    const created = [];
    for (const [group, lines] of groups) {
      const key = openingStockKey(run.sessionId, group);
      if ((await postedIdempotencyKeys(tx, [key])).size > 0 || lines.some((l) => l.alreadyPosted)) continue;
      const at = nowIso();
      const batches = await admitBatches(
        tx,
        lines.flatMap((l) =>
          l.batch
            ? [
                {
                  itemId: l.itemId,
                  code: l.batch.code,
                  expirationDate: l.batch.expirationDate,
                  manufacturingDate: l.batch.manufacturingDate,
                  mnfBatchCode: null,
                  qcApproved: true,
                },
              ]
            : [],
        ),
        at,
      );
      const serials = await admitSerials(
        tx,
        lines.flatMap((l) =>
          l.serial
            ? [{ itemId: l.itemId, itemCode: l.itemCode, code: l.serial, mnfSerialCode: null, qcApproved: true }]
            : [],
        ),
        at,
      );
      const movementLines: StockMovementLine[] = lines.map((l) => ({
        itemId: l.itemId,
        binLocationId: l.binLocationId,
        batchId: l.batch ? (batches.get(admissionKey(l.itemId, l.batch.code)) ?? null) : null,
        serialId: l.serial ? (serials.get(admissionKey(l.itemId, l.serial)) ?? null) : null,
        onHandDelta: l.quantity,
      }));
      await applyStockMovement(tx, run.ctx, {
        type: 'RECEIPT',
        idempotencyKey: key,
        documentRef: { type: openingStockDocumentType, code: run.sessionId },
        user: { userId: run.principal.userId, username: run.principal.username },
        lines: movementLines,
        readInTransaction: { locations: lines.map((l) => l.rules.location), items: lines.map((l) => l.rules.item) },
      });
      created.push({ type: openingStockDocumentType, code: `${run.sessionId}/${group}` });
    }
    return created;
  },
};
