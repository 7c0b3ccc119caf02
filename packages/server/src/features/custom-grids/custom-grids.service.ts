import type { CustomGridObjectType } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/app-error.js';
import { parseStoredGrid } from './custom-grid-config.js';
import type { Principal } from '../../http/access.js';
import { isBlindFor } from '../counting/blind-counting.js';
import { sourceOf, stockQuantityColumns, type Cell, type GridRow } from './custom-grid-sources.js';
import * as repository from './custom-grids.repository.js';

/**
 * Custom grids (getCustomGridForObjectInformation): admin-configured tables in an object's
 * detail view, each a built-in source with chosen columns. A stored grid that no longer fits
 * its source is not offered (and is 404 unknownCustomGrid), so a bad row never breaks a view.
 */

/** The grids of an object type: index and title, in index order. */
export async function listCustomGrids(ctx: AppContext, objectType: CustomGridObjectType) {
  const rows = await repository.listGrids(ctx.db, objectType);
  return rows
    .map((row) => parseStoredGrid(objectType, row))
    .filter((grid) => grid !== null)
    .map((grid) => ({ index: grid.index, title: grid.title }));
}

/**
 * The grid's rows for one object: 404 unknownCustomGrid {objectType, index}, or the object's own 404.
 * The stock quantity columns are null for a blind caller (isBlindFor: batching mode, not admin).
 */
export async function getCustomGrid(
  ctx: AppContext,
  caller: Principal,
  objectType: CustomGridObjectType,
  index: number,
  code: string,
) {
  const row = await repository.findGrid(ctx.db, objectType, index);
  const grid = row ? parseStoredGrid(objectType, row) : null;
  const source = grid ? sourceOf(objectType, grid.source) : undefined;
  if (!grid || !source) throw notFound('unknownCustomGrid', { objectType, index });
  const rows = await source.rows(ctx, code);
  const blind = await isBlindFor(ctx, caller);
  const cell = (row: GridRow, name: string): Cell =>
    blind && stockQuantityColumns.has(name) ? null : (row[name] ?? null);
  return {
    title: grid.title,
    columns: grid.columns,
    rows: rows.map((r) => Object.fromEntries(grid.columns.map((c): [string, Cell] => [c.name, cell(r, c.name)]))),
  };
}
