import { fromThousandths, toThousandths, type ItemStockRow } from '@wms/contract';

export type StockNodeKind = 'item' | 'batch' | 'serial' | 'location';

const bucketNames = ['onHandQty', 'freeToMoveQty', 'releasedQty', 'pickQty', 'qcPendingQty'] as const;
type Buckets = Record<(typeof bucketNames)[number], number>;

/** One node of a stock tree: its object, the summed quantities of the rows beneath it, its children. */
export interface StockNode extends Buckets {
  /** Unique in the tree: the path of kinds and codes. */
  id: string;
  kind: StockNodeKind;
  code: string;
  label: string;
  /** A location with stockMovementRestricted (danger style, stop sign). */
  restricted: boolean;
  /** Some stock beneath is waiting for quality control. */
  qcPending: boolean;
  children: StockNode[];
}

interface Segment {
  kind: StockNodeKind;
  code: string;
  label: string;
  restricted?: boolean;
}

interface Building {
  segment: Segment;
  id: string;
  sums: Buckets;
  qcPending: boolean;
  children: Map<string, Building>;
}

const zero = (): Buckets => ({ onHandQty: 0, freeToMoveQty: 0, releasedQty: 0, pickQty: 0, qcPendingQty: 0 });

function locationSegment(row: ItemStockRow): Segment {
  const { code, visualCode, stockMovementRestricted } = row.binLocation;
  return { kind: 'location', code, label: visualCode, restricted: stockMovementRestricted };
}

function trackingSegments(row: ItemStockRow): Segment[] {
  const segments: Segment[] = [];
  if (row.batch) segments.push({ kind: 'batch', code: row.batch.code, label: row.batch.visualCode });
  if (row.serialNumber)
    segments.push({ kind: 'serial', code: row.serialNumber.code, label: row.serialNumber.visualCode });
  return segments;
}

/** Groups rows along their paths, summing every bucket exactly (thousandths) at each level. */
function buildTree(rows: readonly ItemStockRow[], pathOf: (row: ItemStockRow) => Segment[]): StockNode[] {
  const roots = new Map<string, Building>();
  for (const row of rows) {
    let level = roots;
    let id = '';
    for (const segment of pathOf(row)) {
      id += `/${segment.kind}:${segment.code}`;
      let node = level.get(id);
      if (!node) {
        node = { segment, id, sums: zero(), qcPending: false, children: new Map() };
        level.set(id, node);
      }
      // The tab is hidden where the server leaves quantities out (blind counting): null adds nothing.
      for (const name of bucketNames) node.sums[name] += toThousandths(row[name] ?? 0);
      node.qcPending ||= row.qcPending;
      level = node.children;
    }
  }
  return finish(roots);
}

function finish(level: Map<string, Building>): StockNode[] {
  return [...level.values()]
    .sort((a, b) => a.segment.label.localeCompare(b.segment.label, undefined, { numeric: true }))
    .map((node) => {
      const buckets = Object.fromEntries(
        bucketNames.map((name) => [name, fromThousandths(node.sums[name])]),
      ) as Buckets;
      return {
        ...buckets,
        id: node.id,
        kind: node.segment.kind,
        code: node.segment.code,
        label: node.segment.label,
        restricted: node.segment.restricted ?? false,
        qcPending: node.qcPending,
        children: finish(node.children),
      };
    });
}

/** The item's stock as item -> batch -> serial -> location (levels without a batch or serial are left out). */
export function stockByItem(item: { code: string; visualCode: string }, rows: readonly ItemStockRow[]): StockNode[] {
  if (rows.length === 0) return [];
  const root: Segment = { kind: 'item', code: item.code, label: item.visualCode };
  return buildTree(rows, (row) => [root, ...trackingSegments(row), locationSegment(row)]);
}

/** The item's stock per location, with its batches and serials beneath. */
export function stockByLocation(rows: readonly ItemStockRow[]): StockNode[] {
  return buildTree(rows, (row) => [locationSegment(row), ...trackingSegments(row)]);
}
