import type { BoxType, ShippingContainer, ShippingContainerType } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { afterPickListCommit } from './pick-list-live.js';
import { findPickListHeadOrThrow, lockedPickList, toShippingContainers } from './pick-list-view.js';
import * as views from './pick-list-view.repository.js';
import type { ContainerRow } from './pick-list-view.repository.js';
import { makeInternalContainerCode, makeSscc } from './shipping-container-codes.js';
import * as repository from './shipping-containers.repository.js';

/**
 * Shipping containers (PROCESSES.md 3.6, decision 0183): stock holders of a pick list, each with
 * its own MOBILE bin location named by the container code. OPEN -> CLOSED -> DELIVERED ->
 * DISPATCHED; reopen before DELIVERED. Codes: an SSCC when settings.picking.gs1CompanyPrefix is
 * set, else C and a number; or a pre-printed code given by the caller.
 */

/** The list a container is opened for. */
export interface ContainerList {
  id: number;
  code: string;
  warehouseId: number | null;
}

export interface OpenContainerRequest {
  /** A given (pre-printed or scanned) code; absent: one is made. */
  code?: string | undefined;
  type: ShippingContainerType;
  boxType?: string | undefined;
}

/**
 * Opens a new container for the list inside the caller's transaction; answers its row. A made code
 * (none given) is an SSCC when `gs1CompanyPrefix` (read by the caller before its transaction) is set.
 */
export async function openContainer(
  tx: DbOrTx,
  ctx: AppContext,
  list: ContainerList,
  request: OpenContainerRequest,
  username: string,
  gs1CompanyPrefix = '',
): Promise<ContainerRow> {
  if (list.warehouseId === null) throw unprocessable('unknownWarehouse', { code: null });
  const boxType = request.boxType === undefined ? undefined : await repository.findBoxType(tx, request.boxType);
  if (request.boxType !== undefined && boxType === undefined) {
    throw unprocessable('unknownBoxType', { code: request.boxType });
  }
  const given = request.code ?? null;
  if (given !== null) {
    await repository.lockContainerCode(tx, given);
    const existing = await views.findContainerByCode(tx, given);
    if (existing) throw containerTaken(existing, list);
    if (await repository.binLocationCodeTaken(tx, given)) throw unprocessable('codeAlreadyExists', { code: given });
  }
  // Settings are read through ctx.db, never inside this transaction (SQLite's one connection would
  // wait for itself): a made code's prefix comes from the caller, a given code needs none.
  const prefix = given === null ? gs1CompanyPrefix : '';
  const sscc = given === null && prefix !== '';
  const ids = await repository.insertContainer(tx, {
    code: given,
    sscc,
    warehouseId: list.warehouseId,
    type: boxType?.type ?? request.type,
    boxType: boxType?.code ?? null,
    pickListId: list.id,
    lengthMm: boxType?.length_mm ?? null,
    widthMm: boxType?.width_mm ?? null,
    heightMm: boxType?.height_mm ?? null,
    username,
    at: nowIso(),
  });
  let code = given;
  if (code === null) {
    code = sscc ? makeSscc(prefix, ids.id) : makeInternalContainerCode(ids.id);
    if (await repository.binLocationCodeTaken(tx, code)) throw unprocessable('codeAlreadyExists', { code });
    await repository.renameContainer(tx, ids, code);
  }
  const row = await views.findContainerByCode(tx, code);
  if (!row) throw new Error(`container ${code} not written`);
  return row;
}

/** The refusal for a code that names a container already (this list's or another's). */
function containerTaken(existing: ContainerRow, list: ContainerList) {
  if (existing.pick_list_id !== list.id) {
    return unprocessable('containerBelongsToOtherPicklist', {
      container: existing.code,
      picklist: existing.pick_list_code,
    });
  }
  return unprocessable('codeAlreadyExists', { code: existing.code });
}

/**
 * The container a pick goes into: the list's OPEN container of that code, or a new one opened
 * for the list. Another list's container is 422 containerBelongsToOtherPicklist {container,
 * picklist}; a container no longer OPEN 422 containerClosed {container}.
 */
export async function containerForPick(
  tx: DbOrTx,
  ctx: AppContext,
  list: ContainerList,
  request: { code: string; type: ShippingContainerType },
  username: string,
  /**
   * The container of that code as the caller read it in this transaction (null: none), not read
   * again unless the code's lock was taken now (PostgreSQL).
   */
  found?: ContainerRow | null,
): Promise<ContainerRow> {
  const locked = await repository.lockContainerCode(tx, request.code);
  const existing =
    found !== undefined && !locked ? (found ?? undefined) : await views.findContainerByCode(tx, request.code);
  if (!existing) return openContainer(tx, ctx, list, { code: request.code, type: request.type }, username);
  if (existing.pick_list_id !== list.id) throw containerTaken(existing, list);
  if (existing.status !== 'OPEN') throw unprocessable('containerClosed', { container: existing.code });
  return existing;
}

const pickListCodeOf = (row: ContainerRow): string[] => (row.pick_list_code === null ? [] : [row.pick_list_code]);

async function oneContainer(db: DbOrTx, row: ContainerRow): Promise<ShippingContainer> {
  const [container] = await toShippingContainers(db, [row]);
  if (!container) throw new Error(`container ${row.code} not read`);
  return container;
}

/** GET {code}/shippingContainer: the list's containers with their contents. */
export async function listContainers(ctx: AppContext, code: string): Promise<ShippingContainer[]> {
  const head = await findPickListHeadOrThrow(ctx.db, code);
  return toShippingContainers(ctx.db, await views.containersOfList(ctx.db, head.id));
}

/**
 * POST {code}/shippingContainer: opens a container for a list that is not CLOSED (422
 * picklistNotInStatus {status}); 422 unknownBoxType {code}; a given code already used is 422
 * containerBelongsToOtherPicklist or codeAlreadyExists {code}.
 */
export async function createContainer(
  ctx: AppContext,
  caller: { username: string },
  code: string,
  request: OpenContainerRequest,
): Promise<ShippingContainer> {
  const prefix = (await ctx.settings.settings()).picking.gs1CompanyPrefix;
  const { container, listCode } = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (head.status === 'CLOSED' || head.status === 'UNKNOWN') {
      throw unprocessable('picklistNotInStatus', { status: head.status });
    }
    const list = { id: head.id, code: head.code, warehouseId: head.warehouse_id };
    const row = await openContainer(tx, ctx, list, request, caller.username, prefix);
    return { container: await oneContainer(tx, row), listCode: head.code };
  });
  await afterPickListCommit(ctx, [listCode]);
  return container;
}

/** The container's row (404 unknownLocation {code} when no shipping container has the code). */
export async function findContainerOrThrow(db: DbOrTx, code: string): Promise<ContainerRow> {
  const row = await views.findContainerByCode(db, code);
  if (!row) throw notFound('unknownLocation', { code });
  return row;
}

/**
 * POST shippingContainer/{container}/close: OPEN -> CLOSED with the weight and dimensions given
 * (the box type's dimensions stay otherwise). 422 containerEmpty {container} when it holds
 * nothing; 422 containerClosed {container} when it is not OPEN.
 */
export async function closeContainer(
  ctx: AppContext,
  code: string,
  request: { weightInMg?: number; lengthInMm?: number; widthInMm?: number; heightInMm?: number },
): Promise<ShippingContainer> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const container = await findContainerOrThrow(tx, code);
    if (container.status !== 'OPEN') throw unprocessable('containerClosed', { container: container.code });
    if ((await repository.onHandIn(tx, container.bin_location_id)) <= 0) {
      throw unprocessable('containerEmpty', { container: container.code });
    }
    const closed = await repository.updateContainerStatus(tx, container.id, 'OPEN', {
      status: 'CLOSED',
      closedAt: nowIso(),
      weightMg: request.weightInMg,
      lengthMm: request.lengthInMm,
      widthMm: request.widthInMm,
      heightMm: request.heightInMm,
    });
    if (!closed) throw unprocessable('containerClosed', { container: container.code });
    return findContainerOrThrow(tx, code);
  });
  await afterPickListCommit(ctx, pickListCodeOf(row));
  return oneContainer(ctx.db, row);
}

/**
 * POST shippingContainer/{container}/reopen: CLOSED -> OPEN (an OPEN one is answered as it is);
 * a DELIVERED or DISPATCHED container is 422 alreadyDelivered.
 */
export async function reopenContainer(ctx: AppContext, code: string): Promise<ShippingContainer> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const container = await findContainerOrThrow(tx, code);
    if (container.status === 'OPEN') return container;
    if (container.status !== 'CLOSED') throw unprocessable('alreadyDelivered', { container: container.code });
    if (!(await repository.updateContainerStatus(tx, container.id, 'CLOSED', { status: 'OPEN', closedAt: null }))) {
      throw unprocessable('alreadyDelivered', { container: container.code });
    }
    return findContainerOrThrow(tx, code);
  });
  await afterPickListCommit(ctx, pickListCodeOf(row));
  return oneContainer(ctx.db, row);
}

/** GET box_types: the box types packers choose from. */
export async function listBoxTypes(ctx: AppContext): Promise<BoxType[]> {
  return (await repository.listBoxTypes(ctx.db)).map((row) => ({
    code: row.code,
    name: row.name,
    type: row.type as BoxType['type'],
    lengthInMm: row.length_mm,
    widthInMm: row.width_mm,
    heightInMm: row.height_mm,
  }));
}
