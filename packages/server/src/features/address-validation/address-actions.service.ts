import type {
  AddressReason,
  AddressValidationDetail,
  AddressValidationPage,
  ShipToAddress,
  addressValidationQuerySchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { afterPickListCommit } from '../pick-lists/pick-list-live.js';
import { addressKey, addressOf } from './address-json.js';
import { afterAddressCommit } from './address-live.js';
import { checkAddress } from './address-rules.js';
import {
  type AddressValidationRow,
  historyOf,
  insertHistory,
  listRecords,
  recordById,
  updateRecord,
  viewOf,
} from './address-validation.repository.js';
import { writeAddressBack } from './address-write-back.js';

/**
 * The clerk's actions on an address validation (PROCESSES.md 3.11;
 * docs/decisions/0186-address-validation.md). Each runs in one transaction at the version the
 * client read (412 optimisticLockConflict when stale), writes a history entry with the user, and
 * publishes after the commit (the list's topic and the /address_validation counter).
 */
export async function listAddressValidations(
  ctx: AppContext,
  query: z.output<typeof addressValidationQuerySchema>,
): Promise<AddressValidationPage> {
  return listRecords(ctx.db, query);
}

export async function addressValidationDetail(db: DbOrTx, id: number): Promise<AddressValidationDetail> {
  const view = await viewOf(db, id);
  if (!view) throw notFound('unknownAddressValidation', { id });
  return { ...view, history: await historyOf(db, id) };
}

async function current(tx: Tx, id: number, version: number): Promise<AddressValidationRow> {
  const record = await recordById(tx, id);
  if (!record) throw notFound('unknownAddressValidation', { id });
  if (record.version !== version) throw preconditionFailed({ id, version: record.version });
  return record;
}

const documentTypeOf = async (tx: Tx, documentId: number): Promise<string> =>
  (await tx.selectFrom('document').select('type').where('id', '=', documentId).executeTakeFirst())?.type ??
  'SALES_ORDER';

async function reasonsFor(tx: Tx, record: AddressValidationRow, address: ShipToAddress): Promise<AddressReason[]> {
  return checkAddress(address, { documentType: await documentTypeOf(tx, record.document_id) });
}

const emptyAddress: ShipToAddress = { name: null, street: null, postcode: null, city: null, countryCode: null };

/** Runs an action, then publishes the record (and pick lists whose address changed). */
async function act(ctx: AppContext, id: number, work: (tx: Tx) => Promise<string[]>): Promise<AddressValidationDetail> {
  const { detail, pickLists } = await ctx.db.transaction().execute(async (tx) => {
    const changedLists = await work(tx);
    return { detail: await addressValidationDetail(tx, id), pickLists: changedLists };
  });
  await afterAddressCommit(ctx, [detail]);
  if (pickLists.length > 0) await afterPickListCommit(ctx, pickLists);
  return detail;
}

async function save(
  tx: Tx,
  record: AddressValidationRow,
  change: { status: string; reasons: AddressReason[]; key?: string; at: string },
): Promise<void> {
  if (!(await updateRecord(tx, record.id, record.version, change))) {
    throw preconditionFailed({ id: record.id });
  }
}

/** Edits the address: written back to the order and its open pick lists, then validated again. */
export function editAddress(
  ctx: AppContext,
  caller: Principal,
  id: number,
  request: { version: number; address: ShipToAddress },
): Promise<AddressValidationDetail> {
  return act(ctx, id, async (tx) => {
    const record = await current(tx, id, request.version);
    const address = addressOf(request.address) ?? emptyAddress;
    const key = addressKey(address);
    const reasons = await reasonsFor(tx, record, address);
    const status = reasons.length === 0 ? 'VALID' : 'INVALID';
    const at = nowIso();
    const lists = await writeAddressBack(tx, record.document_id, record.current_key, address, at);
    await save(tx, record, { status, reasons, key, at });
    await insertHistory(tx, {
      recordId: id,
      action: 'EDIT',
      username: caller.username,
      at,
      status,
      before: record.address,
      after: key,
    });
    return lists;
  });
}

/** Validates the current address again with the rules: VALID or INVALID (an override ends). */
export function revalidateAddress(
  ctx: AppContext,
  caller: Principal,
  id: number,
  version: number,
): Promise<AddressValidationDetail> {
  return act(ctx, id, async (tx) => {
    const record = await current(tx, id, version);
    const reasons = await reasonsFor(tx, record, addressOf(record.address) ?? emptyAddress);
    const status = reasons.length === 0 ? 'VALID' : 'INVALID';
    const at = nowIso();
    await save(tx, record, { status, reasons, at });
    await insertHistory(tx, { recordId: id, action: 'REVALIDATE', username: caller.username, at, status });
    return [];
  });
}

/**
 * Approves the address: VALID, only when the rules pass now; else 422 addressStillInvalid
 * {reasons} (an address the rules refuse is approved with a comment: override).
 */
export function approveAddress(
  ctx: AppContext,
  caller: Principal,
  id: number,
  version: number,
): Promise<AddressValidationDetail> {
  return act(ctx, id, async (tx) => {
    const record = await current(tx, id, version);
    const reasons = await reasonsFor(tx, record, addressOf(record.address) ?? emptyAddress);
    if (reasons.length > 0) throw unprocessable('addressStillInvalid', { reasons });
    const at = nowIso();
    await save(tx, record, { status: 'VALID', reasons, at });
    await insertHistory(tx, { recordId: id, action: 'APPROVE', username: caller.username, at, status: 'VALID' });
    return [];
  });
}

/** Overrides the rules: OVERRIDDEN with the comment and the user (the reasons stay on record). */
export function overrideAddress(
  ctx: AppContext,
  caller: Principal,
  id: number,
  request: { version: number; comment: string },
): Promise<AddressValidationDetail> {
  return act(ctx, id, async (tx) => {
    const record = await current(tx, id, request.version);
    const reasons = await reasonsFor(tx, record, addressOf(record.address) ?? emptyAddress);
    const at = nowIso();
    await save(tx, record, { status: 'OVERRIDDEN', reasons, at });
    await insertHistory(tx, {
      recordId: id,
      action: 'OVERRIDE',
      username: caller.username,
      at,
      status: 'OVERRIDDEN',
      comment: request.comment,
    });
    return [];
  });
}
