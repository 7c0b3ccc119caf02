import { topics } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { countInvalid } from './address-validation.repository.js';

/**
 * Live messages of address validation (PROCESSES.md 0.6, 3.11): the /address_validation counter
 * (the INVALID addresses), counted from the records after every commit and at start, and
 * DOCUMENT_CHANGED {type: ADDRESS_VALIDATION, code: the record id, status, version} on topics.documents('address')
 * so an open list refetches. Never throws: the change is committed.
 */
export const addressArea = 'address';

export async function syncAddressCounter(ctx: AppContext): Promise<number> {
  const count = await countInvalid(ctx.db);
  await ctx.live.setCounter('/address_validation', null, count);
  return count;
}

export interface ChangedRecord {
  id: number;
  status: string;
  version: number;
}

export async function afterAddressCommit(ctx: AppContext, changed: readonly ChangedRecord[]): Promise<void> {
  try {
    for (const record of changed) {
      ctx.live.publish(topics.documents(addressArea), 'DOCUMENT_CHANGED', {
        type: 'ADDRESS_VALIDATION',
        code: String(record.id),
        status: record.status,
        version: record.version,
      });
    }
    await syncAddressCounter(ctx);
  } catch (error) {
    process.emitWarning(`/address_validation counter not updated: ${String(error)}`);
  }
}
