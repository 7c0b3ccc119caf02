import type { DeliveryStatus, DispatchDelivery, Load, LoadStatus, ShippingContainerStatus } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import * as repository from './delivery-dispatch.repository.js';
import type { DispatchHeadRow } from './delivery-dispatch.repository.js';

/** The answers of delivery dispatch, built from the repository's rows (decision 0187). */

function parseShipTo(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The deliveries of the heads with their containers and what is loaded of them. */
export async function toDispatchDeliveries(db: DbOrTx, heads: readonly DispatchHeadRow[]): Promise<DispatchDelivery[]> {
  const containers = await repository.containersOfDeliveries(
    db,
    heads.map((head) => head.id),
  );
  return heads.map((head) => {
    const own = containers
      .filter((container) => container.delivery_id === head.id)
      .map((container) => ({
        code: container.code,
        status: container.status as ShippingContainerStatus,
        loaded: container.status === 'DISPATCHED',
      }));
    return {
      code: head.code,
      status: head.status as DeliveryStatus,
      version: head.version,
      warehouse: head.warehouse,
      customer:
        head.customer_code === null
          ? null
          : { code: head.customer_code, name: head.customer_name ?? head.customer_code },
      shipTo: parseShipTo(head.ship_to_address),
      shipDate: head.ship_date,
      route: head.route,
      containers: own,
      loaded: own.filter((container) => container.loaded).length,
      total: own.length,
      dispatchedAt: head.dispatched_at,
      dispatchedBy: head.dispatched_by,
    };
  });
}

export async function loadDispatchDelivery(db: DbOrTx, deliveryId: number): Promise<DispatchDelivery> {
  const head = await repository.findDeliveryHead(db, { id: deliveryId });
  if (!head) throw new Error(`delivery ${deliveryId} vanished`);
  const [delivery] = await toDispatchDeliveries(db, [head]);
  if (!delivery) throw new Error(`delivery ${deliveryId} vanished`);
  return delivery;
}

/** A load with its containers, the deliveries it started and their containers still missing. */
export async function loadView(db: DbOrTx, load: NonNullable<Awaited<ReturnType<typeof repository.findLoad>>>) {
  const loaded = await repository.loadedContainers(db, load.id);
  const deliveryIds = [...new Set(loaded.map((row) => row.delivery_id))];
  const deliveries = await toDispatchDeliveries(db, await repository.findDeliveryHeads(db, deliveryIds));
  const missing = deliveries
    .filter((delivery) => delivery.status === 'CREATED')
    .flatMap((delivery) => delivery.containers.filter((container) => !container.loaded).map((c) => c.code));
  const view: Load = {
    id: load.id,
    dock: load.dock,
    route: load.route,
    status: load.status as LoadStatus,
    openedBy: load.opened_by,
    openedAt: load.opened_at,
    closedBy: load.closed_by,
    closedAt: load.closed_at,
    containers: loaded.map((row) => ({
      code: row.code,
      delivery: row.delivery,
      loadedBy: row.loaded_by,
      loadedAt: row.loaded_at,
    })),
    deliveries,
    missing,
  };
  return view;
}
