import type {
  DispatchDelivery,
  Load,
  LoadCloseRequest,
  LoadContainerAnswer,
  LoadContainerRequest,
  LoadOpenRequest,
  MarkDispatchedRequest,
  NotDispatchedAnswer,
  NotDispatchedQuery,
} from '@wms/contract';
import { codeKey, loadCloseRequestSchema, loadContainerRequestSchema } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { changeStatus, lockDocumentRow } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { afterDispatchCommit } from './delivery-dispatch-live.js';
import { loadDispatchDelivery, loadView, toDispatchDeliveries } from './delivery-dispatch-view.js';
import * as repository from './delivery-dispatch.repository.js';

/**
 * Delivery dispatch (PROCESSES.md 3.8; docs/decisions/0187-delivery-dispatch.md). A load is one
 * truck at a dock; each container scanned into it goes DELIVERED -> DISPATCHED, and the scan of a
 * delivery's last container dispatches the delivery (CREATED -> DISPATCHED, who and when) in the
 * same transaction. No stock moves: the DELIVERY movement issued the goods when the delivery was
 * made. Live messages go out after commit.
 */

const listLimit = 500;

export async function listNotDispatched(ctx: AppContext, query: NotDispatchedQuery): Promise<NotDispatchedAnswer> {
  const heads = await repository.listNotDispatched(ctx.db, query, listLimit + 1);
  const deliveries = await toDispatchDeliveries(ctx.db, heads.slice(0, listLimit));
  const groups = new Map<string, { route: string | null; deliveries: DispatchDelivery[] }>();
  for (const delivery of deliveries) {
    const key = delivery.route === null ? '' : codeKey(delivery.route);
    const group = groups.get(key) ?? { route: delivery.route, deliveries: [] };
    group.deliveries.push(delivery);
    groups.set(key, group);
  }
  return { groups: [...groups.values()], truncated: heads.length > listLimit };
}

/** The spec's markDispatched: the whole delivery at once, every container DISPATCHED. */
export async function markDispatched(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: MarkDispatchedRequest,
): Promise<DispatchDelivery> {
  const delivery = await ctx.db.transaction().execute(async (tx) => {
    const head = await repository.findDeliveryHead(tx, { code });
    if (!head) throw notFound('unknownDocument', { type: 'DELIVERY', code });
    if (head.status === 'DISPATCHED') throw unprocessable('deliveryAlreadyDispatched', { delivery: head.code });
    if (head.status !== 'CREATED')
      throw unprocessable('invalidStatusTransition', { type: 'DELIVERY', from: head.status, to: 'DISPATCHED' });
    if (head.version !== body.version) throw preconditionFailed({ currentVersion: head.version });
    await repository.markDeliveryContainersDispatched(tx, head.id);
    await dispatchDelivery(tx, head, caller.username, body.version);
    return loadDispatchDelivery(tx, head.id);
  });
  await afterDispatchCommit(ctx, [delivery]);
  return delivery;
}

/**
 * CREATED -> DISPATCHED through the document store (its transition table and version check), who
 * and when recorded, and DELIVERY_DISPATCHED queued for the ERP: the goods left the dock.
 */
async function dispatchDelivery(
  tx: Tx,
  head: { id: number; code: string; route: string | null },
  username: string,
  expectedVersion?: number,
): Promise<void> {
  const at = nowIso();
  await changeStatus(tx, { documentId: head.id, to: 'DISPATCHED', expectedVersion });
  await repository.recordDispatch(tx, { deliveryId: head.id, username, at });
  await queueForErp(tx, {
    kind: 'DELIVERY_DISPATCHED',
    documentType: 'DELIVERY',
    documentCode: head.code,
    payload: { code: head.code, route: head.route, dispatchedBy: username, dispatchedAt: at },
  });
}

async function findLoadOrThrow(db: DbOrTx, id: number) {
  const load = await repository.findLoad(db, id);
  if (!load) throw notFound('unknownLoad', { load: id });
  return load;
}

/** Opens a load at a dock or truck; a replayed key answers the load it opened. */
export async function openLoad(ctx: AppContext, caller: Principal, body: LoadOpenRequest): Promise<Load> {
  return ctx.db.transaction().execute(async (tx) => {
    const id =
      (await repository.insertLoad(tx, {
        dock: body.dock.trim(),
        route: body.route?.trim() ?? null,
        username: caller.username,
        at: nowIso(),
        idempotencyKey: body.idempotencyKey,
      })) ?? (await repository.findLoadIdByKey(tx, body.idempotencyKey));
    if (id === undefined) throw new Error('load neither inserted nor found');
    return loadView(tx, await findLoadOrThrow(tx, id));
  });
}

export async function getLoad(ctx: AppContext, id: number): Promise<Load> {
  return loadView(ctx.db, await findLoadOrThrow(ctx.db, id));
}

async function answerOf(
  tx: DbOrTx,
  loadId: number,
  deliveryId: number,
  container: string,
  dispatched: boolean,
  replayed: boolean,
) {
  const delivery = await loadDispatchDelivery(tx, deliveryId);
  const answer: LoadContainerAnswer = {
    load: await loadView(tx, await findLoadOrThrow(tx, loadId)),
    container,
    delivery,
    dispatched,
    replayed,
  };
  return answer;
}

/** A replay of a loading scan: the state now, nothing changed. */
async function replayOf(tx: DbOrTx, key: string) {
  const seen = await repository.findLoadedByKey(tx, key);
  if (!seen) return undefined;
  const delivery = await loadDispatchDelivery(tx, seen.delivery_id);
  return answerOf(tx, seen.load_id, seen.delivery_id, seen.code, delivery.status === 'DISPATCHED', true);
}

async function loadInTransaction(tx: Tx, caller: Principal, loadId: number, body: LoadContainerRequest) {
  const request = loadContainerRequestSchema.parse(body);
  const replay = await replayOf(tx, request.idempotencyKey);
  if (replay) return replay;
  const load = await findLoadOrThrow(tx, loadId);
  if (load.status !== 'OPEN') throw unprocessable('loadClosed', { load: load.id });
  const container = await repository.findContainer(tx, request.container);
  if (!container || container.delivery_id === null || container.delivery_status === null)
    throw unprocessable('containerNotInDelivery', { container: request.container });
  // Of two last containers of one delivery loaded at once, the second sees the first and dispatches.
  await lockDocumentRow(tx, container.delivery_id);
  const head = await repository.findDeliveryHead(tx, { id: container.delivery_id });
  if (!head || head.status === 'CANCELLED')
    throw unprocessable('containerNotInDelivery', { container: container.code });
  if (head.status === 'DISPATCHED') throw unprocessable('deliveryAlreadyDispatched', { delivery: head.code });
  if (container.status === 'DISPATCHED') {
    const loadedInto = await repository.findLoadOfContainer(tx, container.id);
    if (loadedInto?.load_id === load.id) return answerOf(tx, load.id, head.id, container.code, false, true);
    throw unprocessable('containerAlreadyLoaded', { container: container.code, load: loadedInto?.load_id ?? '' });
  }
  if (container.status !== 'DELIVERED') throw unprocessable('containerNotInDelivery', { container: container.code });
  if (load.route !== null && codeKey(head.route ?? '') !== codeKey(load.route) && !request.confirm)
    throw unprocessable('containerOfOtherRoute', {
      container: container.code,
      route: head.route ?? '',
      loadRoute: load.route,
    });
  if (load.route === null && head.route !== null) await repository.setLoadRoute(tx, load.id, head.route);

  // The conditional update is the lock: of two scans of one container, one loads it.
  if (!(await repository.markContainerDispatched(tx, container.id))) {
    const raced = await replayOf(tx, request.idempotencyKey);
    if (raced) return raced;
    throw unprocessable('containerAlreadyLoaded', { container: container.code, load: '' });
  }
  const at = nowIso();
  await repository.insertLoadedContainer(tx, {
    loadId: load.id,
    containerId: container.id,
    deliveryId: head.id,
    username: caller.username,
    at,
    key: request.idempotencyKey,
  });
  const after = await loadDispatchDelivery(tx, head.id);
  const complete = after.containers.every((c) => c.loaded);
  if (complete) await dispatchDelivery(tx, head, caller.username);
  return answerOf(tx, load.id, head.id, container.code, complete, false);
}

/** A container scanned into a load (see the module comment); the answer says what it did. */
export async function loadContainer(
  ctx: AppContext,
  caller: Principal,
  loadId: number,
  body: LoadContainerRequest,
): Promise<LoadContainerAnswer> {
  const answer = await ctx.db.transaction().execute((tx) => loadInTransaction(tx, caller, loadId, body));
  if (!answer.replayed) await afterDispatchCommit(ctx, [answer.delivery]);
  return answer;
}

/**
 * Closes the load. With containers of its started deliveries missing: 422 loadIncomplete
 * {missing} unless confirmed; those deliveries stay CREATED with their loaded containers recorded.
 * A closed load answers itself.
 */
export async function closeLoad(
  ctx: AppContext,
  caller: Principal,
  loadId: number,
  body: LoadCloseRequest,
): Promise<Load> {
  const request = loadCloseRequestSchema.parse(body);
  return ctx.db.transaction().execute(async (tx) => {
    const load = await findLoadOrThrow(tx, loadId);
    if (load.status !== 'OPEN') return loadView(tx, load);
    const view = await loadView(tx, load);
    if (view.missing.length > 0 && !request.confirmIncomplete)
      throw unprocessable('loadIncomplete', { missing: view.missing });
    await repository.closeLoad(tx, load.id, caller.username, nowIso());
    return loadView(tx, await findLoadOrThrow(tx, load.id));
  });
}
