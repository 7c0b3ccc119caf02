import type { PackContainer, PackRepackRequest, PackView } from '@wms/contract';

/**
 * The pack and delivery dom tests' data: pick list PL-1 with its container C1 (2 × MILK B1,
 * PHONE SN1), and what the fake server does to a view (dom-test-support.tsx).
 */
export const content = (item: string, batch: string | null, serial: string | null, quantity: number) => ({
  item,
  itemName: `Item ${item}`,
  batch,
  expirationDate: null,
  serial,
  quantity,
  verifiedQuantity: 0,
});

export function container(code: string, contents: PackContainer['contents']): PackContainer {
  return {
    code,
    sscc: false,
    type: 'BOX',
    status: 'OPEN',
    boxType: null,
    weightInMg: null,
    lengthInMm: null,
    widthInMm: null,
    heightInMm: null,
    contents,
    verified: false,
  };
}

export function packView(): PackView {
  return {
    pickList: {
      code: 'PL-1',
      status: 'PICKED',
      version: 3,
      warehouse: '01',
      customer: { code: 'C1', name: 'Customer one' },
      shipTo: null,
      shipDate: null,
      route: null,
      packed: false,
    },
    verification: 'SCAN_ALL',
    containers: [container('C1', [content('MILK', 'B1', null, 2), content('PHONE', null, 'SN1', 1)])],
    differences: [],
    recountRequests: [],
  };
}

/** The differences of a view: every row not verified in full. */
export function withDifferences(view: PackView): PackView {
  const differences = view.containers.flatMap((box) =>
    box.contents
      .filter((row) => row.verifiedQuantity < row.quantity)
      .map((row) => ({
        container: box.code,
        item: row.item,
        batch: row.batch,
        serial: row.serial,
        missing: row.quantity - row.verifiedQuantity,
      })),
  );
  return { ...view, differences };
}

/** A view the server answers with its status (the fake server makes the Response). */
export type FakeAnswer = { status: 200; view: PackView } | { status: 422; key: string; args: Record<string, unknown> };

type RepackBody = Omit<PackRepackRequest, 'toType'>;

/**
 * pack/{code}/repack as the server does it: the units of one row leave `from` for `to` (opened
 * when new); a container of another list is refused.
 */
export function repackView(view: PackView, body: RepackBody, otherListContainers: readonly string[] = []): FakeAnswer {
  const refusal = (key: string, args: Record<string, unknown>): FakeAnswer => ({ status: 422, key, args });
  if (otherListContainers.includes(body.to))
    return refusal('containerBelongsToOtherPicklist', { container: body.to, picklist: 'PL-2' });
  const matches = (row: PackContainer['contents'][number]) =>
    row.item === body.item && row.batch === (body.batch ?? null) && row.serial === (body.serial ?? null);
  const from = view.containers.find((box) => box.code === body.from);
  const row = from?.contents.find(matches);
  if (!row) return refusal('wrongItemScanned', { item: body.item });
  if (body.quantity > row.quantity) return refusal('qtyTooLarge', { max: row.quantity });
  const moved = { ...row, quantity: body.quantity, verifiedQuantity: Math.min(row.verifiedQuantity, body.quantity) };
  const left = {
    ...row,
    quantity: row.quantity - body.quantity,
    verifiedQuantity: row.verifiedQuantity - moved.verifiedQuantity,
  };
  let containers = view.containers.map((box) =>
    box.code === body.from
      ? {
          ...box,
          contents: box.contents.flatMap((each) => (each === row ? (left.quantity > 0 ? [left] : []) : [each])),
        }
      : box,
  );
  if (!containers.some((box) => box.code === body.to)) containers = [...containers, container(body.to, [])];
  containers = containers.map((box) => {
    if (box.code !== body.to) return box;
    const same = box.contents.find(matches);
    const contents = same
      ? box.contents.map((each) =>
          each === same
            ? {
                ...each,
                quantity: each.quantity + moved.quantity,
                verifiedQuantity: each.verifiedQuantity + moved.verifiedQuantity,
              }
            : each,
        )
      : [...box.contents, moved];
    return { ...box, contents };
  });
  const after = { ...view, containers };
  return { status: 200, view: view.verification === 'NONE' ? after : withDifferences(after) };
}
