import {
  authEndpoints,
  configEndpoints,
  deliveryEndpoints,
  importEndpoints,
  pickListEndpoints,
  urlOf,
  type ImportKind,
  type SystemSettings,
} from '@wms/contract';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import { ApiSession, passwordOf } from './login-support.js';
import { createPickList } from './picking-support.js';

/**
 * Shared steps of the packing, delivery and dispatch specs (issue 19). Specs run side by side on
 * one server with the demo data, so each spec makes its own objects through the importers (items,
 * opening stock and a sales order of its own, codes tagged per run) and never touches the demo's.
 */

/**
 * A code part unique to this run and spec: the prefix and six characters. Short on purpose: the
 * packing slip's table cuts longer codes (item about 11 characters) with an ellipsis.
 */
export const runTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();

/** The location the specs' opening stock goes to (a BULK location of warehouse 01 no other spec counts). */
export const stockLocation = '01-BK-02';

/**
 * A signed-in session for what ApiSession cannot do: multipart uploads and binary answers (PDFs).
 * It signs in on its own (a second session of the same user).
 */
export class RawSession {
  private cookie = '';
  private constructor(
    readonly baseUrl: string,
    readonly version: string,
  ) {}

  static async signIn(baseUrl: string, version: string, username: string): Promise<RawSession> {
    const session = new RawSession(baseUrl, version);
    const credentials = { username, password: passwordOf(username) };
    const answer = await session.fetch(urlOf(authEndpoints.signin, { body: credentials }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return session;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      ...init,
      headers: {
        appversion: this.version,
        uniquesession: 'e2e-raw-session',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('wms_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    return response;
  }

  /** A PDF answer's bytes (checks the status and the content type). */
  async pdf(path: string): Promise<Buffer> {
    const answer = await this.fetch(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    return Buffer.from(await answer.arrayBuffer());
  }
}

/** The text of a PDF, read by a real parser (pdf-parse over pdf.js). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Imports a CSV through an importer (upload, automatic mapping, validate, commit all or nothing). */
export async function importCsv(raw: RawSession, admin: ApiSession, kind: ImportKind, rows: string[][]) {
  const csv = rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv + '\n'], { type: 'text/csv' }), `${kind}.csv`);
  const created = await raw.fetch(urlOf(importEndpoints.create, { params: { kind }, query: {}, body: form }), {
    method: 'POST',
    body: form,
  });
  const session = (await created.json()) as { id: string; status: string };
  expect(created.status, JSON.stringify(session)).toBe(201);
  expect(session.status).toBe('MAPPED');
  const params = { kind, id: session.id };
  const validated = await admin.api(importEndpoints.validate, { params });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  if (validated.body.counts?.error !== 0) {
    const report = await admin.api(importEndpoints.rows, { params, query: { status: 'ERROR' } });
    throw new Error(`${kind} import refused: ${JSON.stringify(report.body)}`);
  }
  const committed = await admin.api(importEndpoints.commit, { params, body: { mode: 'ALL_OR_NOTHING' } });
  expect(committed.status, JSON.stringify(committed.body)).toBe(200);
  expect(committed.body.status).toBe('COMMITTED');
}

export interface ShipTo {
  name: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

/** A valid Dutch ship-to address. */
export const validShipTo: ShipTo = {
  name: 'Bakker Retail BV',
  street: 'Havenweg 12',
  postcode: '3011 AB',
  city: 'Rotterdam',
  countryCode: 'NL',
};

/**
 * A sales order of customer C0001 in warehouse 01, imported (its lines numbered from 0 in the
 * given order), shipping to `shipTo`.
 */
export async function importSalesOrder(
  raw: RawSession,
  admin: ApiSession,
  order: string,
  lines: readonly { item: string; quantity: number }[],
  shipTo: ShipTo = validShipTo,
) {
  const header = [
    'Customer code',
    'Order reference',
    'Warehouse',
    'Item code',
    'Quantity',
    'Ship-to name',
    'Ship-to street',
    'Ship-to postcode',
    'Ship-to city',
    'Ship-to country',
  ];
  const rows = lines.map((line) => [
    'C0001',
    order,
    '01',
    line.item,
    String(line.quantity),
    shipTo.name,
    shipTo.street,
    shipTo.postcode,
    shipTo.city,
    shipTo.countryCode,
  ]);
  await importCsv(raw, admin, 'sales_orders', [header, ...rows]);
}

/** This spec's own goods: a batch item and a serial item with stock at stockLocation. */
export interface OwnGoods {
  tag: string;
  batchItem: string;
  batch: string;
  /** Best-before of the batch (ISO date). */
  bestBefore: string;
  serialItem: string;
  serials: string[];
}

/** Creates a batch item (`batchQuantity` of one batch) and a serial item (`serialCount` serials) in stock. */
export async function makeOwnGoods(
  raw: RawSession,
  admin: ApiSession,
  tag: string,
  batchQuantity: number,
  serialCount: number,
): Promise<OwnGoods> {
  const goods: OwnGoods = {
    tag,
    batchItem: `${tag}-B`,
    batch: `${tag}L`,
    bestBefore: '2031-06-30',
    serialItem: `${tag}-S`,
    serials: Array.from({ length: serialCount }, (_, index) => `${tag}-${index + 1}`),
  };
  await importCsv(raw, admin, 'items', [
    ['Item code', 'Name', 'Managed by'],
    [goods.batchItem, `Juice crate ${tag}`, 'BATCH_NUMBER'],
    [goods.serialItem, `Barcode scanner ${tag}`, 'SERIAL_NUMBER'],
  ]);
  await importCsv(raw, admin, 'opening_stock', [
    ['Item code', 'Location', 'Quantity', 'Batch', 'Expiry date', 'Serial'],
    [goods.batchItem, stockLocation, String(batchQuantity), goods.batch, goods.bestBefore, ''],
    ...goods.serials.map((serial) => [goods.serialItem, stockLocation, '1', '', '', serial]),
  ]);
  return goods;
}

/**
 * A RELEASED pick list of the goods' own sales order (line 0: `batchQuantity` of the batch item,
 * line 1: every serial), made as a planner would; answers its code.
 */
export async function pickListOfGoods(raw: RawSession, admin: ApiSession, goods: OwnGoods, batchQuantity: number) {
  const order = `SO-${goods.tag}`;
  await importSalesOrder(raw, admin, order, [
    { item: goods.batchItem, quantity: batchQuantity },
    { item: goods.serialItem, quantity: goods.serials.length },
  ]);
  const { created } = await createPickList(admin, order, [0, 1]);
  expect(created).toHaveLength(1);
  return { order, code: created[0] as string };
}

interface PickListLine {
  lineNumber: number;
  item: string;
}

/**
 * Picks the whole list through the API as `picker` (claim first): the batch item into
 * `containers[0]`, the serials into `containers[1]` (or the first). Each pick carries its own
 * idempotency key. The list ends PICKED.
 */
export async function pickGoods(picker: ApiSession, code: string, goods: OwnGoods, containers: readonly string[]) {
  const claimed = await picker.api(pickListEndpoints.claim, { params: { code }, body: {} });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  const lines = claimed.body.lines as (PickListLine & { quantity: number })[];
  const lineOf = (item: string) => {
    const line = lines.find((candidate) => candidate.item === item);
    if (!line) throw new Error(`${item} is not on ${code}`);
    return line;
  };
  const batchLine = lineOf(goods.batchItem);
  const serialLine = lineOf(goods.serialItem);
  const picks = [
    {
      lineNumber: batchLine.lineNumber,
      batch: goods.batch,
      quantity: batchLine.quantity,
      containerCode: containers[0]!,
    },
    {
      lineNumber: serialLine.lineNumber,
      serials: goods.serials,
      quantity: goods.serials.length,
      containerCode: containers[1] ?? containers[0]!,
    },
  ];
  for (const [index, pick] of picks.entries()) {
    const answer = await picker.api(pickListEndpoints.pick, {
      params: { code },
      body: {
        idempotencyKey: `${goods.tag}-pick-${index}`,
        fromLocation: stockLocation,
        containerType: 'BOX',
        ...pick,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const list = await picker.api(pickListEndpoints.detail, { params: { code } });
  expect(list.body.status).toBe('PICKED');
  return list.body as { status: string; shippingContainers: { code: string }[] };
}

/** Closes a container of a list with its weight (the pick list's container API). */
export async function closeContainer(session: ApiSession, container: string, weightInMg: number) {
  const closed = await session.api(pickListEndpoints.closeContainer, {
    params: { container },
    body: { weightInMg },
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
}

/** Creates the delivery of a packed list (one idempotency key); answers the delivery code. */
export async function deliver(session: ApiSession, pickList: string, idempotencyKey: string): Promise<string> {
  const created = await session.api(deliveryEndpoints.create, { body: { idempotencyKey, pickList } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const [delivery] = created.body.deliveries as { code: string }[];
  return delivery!.code;
}

/**
 * Changes the system setting group `delivery` (others' specs may save settings at the same
 * time: a stale version is read again and retried); answers the group as it was.
 */
export async function changeDeliverySettings(
  admin: ApiSession,
  change: Partial<SystemSettings['delivery']>,
): Promise<SystemSettings['delivery']> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await admin.api(configEndpoints.settings);
    expect(current.status).toBe(200);
    const before = current.body.settings.delivery as SystemSettings['delivery'];
    const saved = await admin.api(configEndpoints.updateSettings, {
      body: { version: current.body.version, settings: { delivery: { ...before, ...change } } },
    });
    if (saved.status === 200) return before;
    expect(saved.status, JSON.stringify(saved.body)).toBe(412);
  }
  throw new Error('the delivery settings could not be saved');
}
