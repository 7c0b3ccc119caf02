import {
  paddedCodeKey,
  type BusinessPartnerMaster,
  type BusinessPartnerPage,
  type addressCreateRequestSchema,
  type addressUpdateRequestSchema,
  type businessPartnerCreateRequestSchema,
  type businessPartnerUpdateRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, notFound, preconditionFailed } from '../../http/app-error.js';
import { ensureMasterDataWritable, pacer, preparedOrThrow, refusalOf, type Checked } from './master-data-rules.js';
import * as repository from './partner-master.repository.js';
import {
  checkPartnerDrafts,
  type CheckedPartner,
  type PartnerDraft,
  type PartnerWrite,
} from './partner-master.rules.js';

/** Business partners and their addresses of the standalone master data (contract master-data.ts). */

function toPartner(row: repository.PartnerRow, addresses: readonly repository.AddressRow[]): BusinessPartnerMaster {
  return {
    code: row.code,
    visualCode: row.visual_code,
    name: row.name,
    type: row.type as BusinessPartnerMaster['type'],
    active: row.active === 1,
    version: row.version,
    addresses: addresses
      .filter((a) => a.business_partner_id === row.id)
      .map((a) => ({
        code: a.code,
        name: a.name,
        street: a.street,
        postcode: a.postcode,
        city: a.city,
        countryCode: a.country_code,
        isDefaultShipTo: a.is_default_ship_to === 1,
        active: a.active === 1,
        version: a.version,
      })),
  };
}

async function withAddresses(db: DbOrTx, rows: readonly repository.PartnerRow[]): Promise<BusinessPartnerMaster[]> {
  const addresses = await repository.addressesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPartner(row, addresses));
}

export async function listPartners(ctx: AppContext, query: repository.PartnerListFilter): Promise<BusinessPartnerPage> {
  const rows = await repository.listPartners(ctx.db, query);
  return {
    rows: await withAddresses(ctx.db, rows.slice(0, query.limit)),
    offset: query.offset,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

async function findOrThrow(db: DbOrTx, code: string): Promise<BusinessPartnerMaster> {
  const [row] = await repository.partnersByCodeKeys(db, [paddedCodeKey(code)]);
  if (!row) throw notFound('unknownBusinessPartner', { code });
  const [partner] = await withAddresses(db, [row]);
  return partner!;
}

export const getPartner = (ctx: AppContext, code: string) => findOrThrow(ctx.db, code);

/** Writes a checked partner's addresses, and its one default ship-to. */
async function writeAddresses(tx: Tx, partnerId: number, write: PartnerWrite): Promise<void> {
  await repository.insertAddresses(
    tx,
    write.addresses.flatMap((a) => (a.kind === 'insert' ? [{ ...a.row, business_partner_id: partnerId }] : [])),
  );
  for (const address of write.addresses) {
    if (address.kind === 'update') await repository.updateAddress(tx, address.id, address.changes, undefined);
  }
  if (write.defaultShipTo !== null) await repository.clearOtherDefaultShipTo(tx, partnerId, write.defaultShipTo);
}

/** Writes checked partners (the API's one, or an import group's) with their addresses. */
export async function writePartners(tx: Tx, writes: readonly PartnerWrite[]): Promise<void> {
  const inserted = await repository.insertPartners(
    tx,
    writes.flatMap((w) => (w.row ? [w.row] : [])),
  );
  const idOf = new Map(inserted.map((row) => [row.code_key, row.id]));
  const pace = pacer();
  for (const write of writes) {
    await pace();
    const id = write.id ?? idOf.get(paddedCodeKey(write.code));
    if (id === undefined) throw new Error(`partner ${write.code} not written`);
    if (write.kind === 'update') await repository.updatePartner(tx, id, write.changes, undefined);
    await writeAddresses(tx, id, write);
  }
}

/** The first refusal of a checked partner, its own or one of its addresses'. */
function writeOf(checked: CheckedPartner | undefined): PartnerWrite {
  const refusal = refusalOf([...(checked?.messages ?? []), ...(checked?.addressMessages.flat() ?? [])]);
  if (refusal) throw refusal;
  return preparedOrThrow(checked as Checked<PartnerWrite>);
}

async function writeOne(ctx: AppContext, code: string, run: (tx: Tx) => Promise<void>): Promise<BusinessPartnerMaster> {
  await ensureMasterDataWritable(ctx);
  return ctx.db
    .transaction()
    .execute(async (tx) => {
      await run(tx);
      return findOrThrow(tx, code);
    })
    .catch((cause: unknown) => {
      if (isUniqueViolation(cause)) throw conflict('codeAlreadyExists', { code });
      throw cause;
    });
}

export function createPartner(ctx: AppContext, request: z.output<typeof businessPartnerCreateRequestSchema>) {
  return writeOne(ctx, request.code, async (tx) => {
    const [checked] = await checkPartnerDrafts(tx, [request], { intent: 'create', addressIntent: 'create' });
    await writePartners(tx, [writeOf(checked)]);
  });
}

/** Checks and writes one partner draft whose partner row must still have `version` (412 otherwise). */
async function writeVersioned(tx: Tx, draft: PartnerDraft, version: number, addressIntent: 'create' | 'update') {
  const [checked] = await checkPartnerDrafts(tx, [draft], { intent: 'update', addressIntent });
  const write = writeOf(checked);
  if (!(await repository.updatePartner(tx, write.id!, write.changes, version))) {
    throw preconditionFailed({ code: write.code });
  }
  await writeAddresses(tx, write.id!, write);
}

export function updatePartner(
  ctx: AppContext,
  code: string,
  request: z.output<typeof businessPartnerUpdateRequestSchema>,
) {
  const { version, ...fields } = request;
  return writeOne(ctx, code, (tx) => writeVersioned(tx, { ...fields, code }, version, 'update'));
}

/** Adds an address; the partner's version is not asked (a new address changes no field of it) but bumped. */
export function createAddress(ctx: AppContext, code: string, request: z.output<typeof addressCreateRequestSchema>) {
  return writeOne(ctx, code, async (tx) => {
    const [checked] = await checkPartnerDrafts(tx, [{ code, addresses: [request] }], {
      intent: 'update',
      addressIntent: 'create',
    });
    await writePartners(tx, [writeOf(checked)]);
  });
}

/** Edits an address when it still has `version` (412 otherwise). */
export function updateAddress(
  ctx: AppContext,
  code: string,
  addressCode: string,
  request: z.output<typeof addressUpdateRequestSchema>,
) {
  const { version, ...fields } = request;
  return writeOne(ctx, code, async (tx) => {
    const [checked] = await checkPartnerDrafts(tx, [{ code, addresses: [{ ...fields, code: addressCode }] }], {
      intent: 'update',
      addressIntent: 'update',
    });
    const write = writeOf(checked);
    const [address] = write.addresses;
    if (address?.kind !== 'update') throw new Error('an address update prepared an insert');
    if (!(await repository.updateAddress(tx, address.id, address.changes, version))) {
      throw preconditionFailed({ code: write.code, addressCode: address.code });
    }
    if (write.defaultShipTo !== null) await repository.clearOtherDefaultShipTo(tx, write.id!, write.defaultShipTo);
  });
}
