import {
  fromThousandths,
  type PackContainer,
  type PackDifference,
  type PackVerification,
  type PackView,
  type PickListStatus,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { findPickListHeadOrThrow } from '../pick-lists/pick-list-view.js';
import { containersOfList, type ContainerRow, type PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import { contentKeyOf, contentsOf, verificationsOf, type ContentRow } from './pack.repository.js';
import { recountRequestsOfList } from './recount-requests.repository.js';

/** A content row with what packing verified of it (thousandths). */
export interface VerifiedContent extends ContentRow {
  container: ContainerRow;
  verified: number;
}

/** The list's containers (not delivered) and their content rows with the verified quantity. */
export async function packState(db: DbOrTx, pickListId: number) {
  const containers = (await containersOfList(db, pickListId)).filter(
    (c) => c.status === 'OPEN' || c.status === 'CLOSED',
  );
  const [contents, verifications] = await Promise.all([
    contentsOf(
      db,
      containers.map((c) => c.bin_location_id),
    ),
    verificationsOf(db, pickListId),
  ]);
  const verifiedOf = new Map(verifications.map((v) => [`${v.containerId}|${contentKeyOf(v)}`, v.verified]));
  const rows: VerifiedContent[] = [];
  for (const container of containers) {
    for (const content of contents.filter((c) => c.bin_location_id === container.bin_location_id)) {
      rows.push({ ...content, container, verified: verifiedOf.get(`${container.id}|${contentKeyOf(content)}`) ?? 0 });
    }
  }
  return { containers, rows };
}

/** Content rows verified short of what they hold (none with verification NONE). */
export function differencesOf(rows: readonly VerifiedContent[], mode: PackVerification): VerifiedContent[] {
  return mode === 'NONE' ? [] : rows.filter((r) => r.verified < r.onHand);
}

export const toDifference = (row: VerifiedContent): PackDifference => ({
  container: row.container.code,
  item: row.item_code,
  batch: row.batch_code,
  serial: row.serial_code,
  missing: fromThousandths(row.onHand - row.verified),
});

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

/** The PackView of a list (contract deliveries.ts), read in the given transaction or database. */
export async function loadPackView(db: DbOrTx, code: string, mode: PackVerification): Promise<PackView> {
  const head: PickListHead = await findPickListHeadOrThrow(db, code);
  const [{ containers, rows }, recountRequests] = await Promise.all([
    packState(db, head.id),
    recountRequestsOfList(db, head.id),
  ]);
  const packContainers: PackContainer[] = containers.map((c) => {
    const own = rows.filter((r) => r.container.id === c.id);
    return {
      code: c.code,
      sscc: c.sscc === 1,
      type: c.type as PackContainer['type'],
      status: c.status as PackContainer['status'],
      boxType: c.box_type,
      weightInMg: c.weight_mg === null ? null : Number(c.weight_mg),
      lengthInMm: c.length_mm,
      widthInMm: c.width_mm,
      heightInMm: c.height_mm,
      contents: own.map((r) => ({
        item: r.item_code,
        itemName: r.item_name,
        batch: r.batch_code,
        expirationDate: r.expiration_date,
        serial: r.serial_code,
        quantity: fromThousandths(r.onHand),
        verifiedQuantity: mode === 'NONE' ? 0 : fromThousandths(Math.min(r.verified, r.onHand)),
      })),
      verified: mode === 'NONE' || own.every((r) => r.verified >= r.onHand),
    };
  });
  return {
    pickList: {
      code: head.code,
      status: head.status as PickListStatus,
      version: head.version,
      warehouse: head.warehouse_code,
      customer:
        head.partner_code === null ? null : { code: head.partner_code, name: head.partner_name ?? head.partner_code },
      shipTo: parseShipTo(head.ship_to_address),
      shipDate: head.ship_date,
      route: head.route,
      packed: head.packed === 1,
    },
    verification: mode,
    containers: packContainers,
    differences: differencesOf(rows, mode).map(toDifference),
    recountRequests,
  };
}
