import type { TranslationKey } from '@wms/contract';
import type { KeyedError, Notice, Sound, StepOutcome, TextKey } from './types.js';
import { stay } from './types.js';
import { toNoticeKey, type NoticeKey } from '../../platform/notification-store.js';

/** Translation namespace of the engine's own texts. */
export const handheldNamespace = 'handheld';

/**
 * The client-side handheld error keys (handheld namespace). The server's
 * keys (unknownLocation, notEnoughAvailableStock, ...) live in the errors namespace and stay bare.
 */
export const handheldErrorKeys = [
  'itemIdentification.unknownItemForCode',
  'itemIdentification.itemIsNotAllowed',
  'itemIdentification.unknownBatchForCode',
  'itemIdentification.unknownSerialForCode',
  'unknownBatchCode',
  'noItemsInLiquidContainer',
  'wrongItemScanned',
  'batchCodeNotPresentForValidation',
  'notANumber',
  'qtyTooLarge',
  'couldNotMatchUnits',
  'misc.wrongFormat',
  'misc.incorrectFormat',
  'peripherals.couldNotConnectToDevice',
  'peripherals.invalidInputReceived',
  'peripherals.notConnected',
  'successfullyMoved',
  'successfullyMovedLocation',
  'theFollowingLocationsWillBeBlockedDueToQC',
  'stepFailed',
  'alreadyScanned',
] as const;
export type HandheldErrorKey = (typeof handheldErrorKeys)[number];

const handheldKeySet = new Set<string>(handheldErrorKeys);

/** The notification key of an error key: `handheld:<key>` for the engine's keys, others as they are. */
export function noticeKey(key: string): NoticeKey {
  return handheldKeySet.has(key) ? `${handheldNamespace}:${key}` : toNoticeKey(key);
}

/** A key of the handheld namespace. */
export function hh(key: string, args?: Record<string, unknown>): TextKey & { key: TranslationKey } {
  return args ? { key: `${handheldNamespace}:${key}`, args } : { key: `${handheldNamespace}:${key}` };
}

export function isKeyedError(error: unknown): error is KeyedError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { key?: unknown }).key === 'string' &&
    (error as { key: string }).key.length > 0
  );
}

/** The danger notice of a failure: its key and args when it has them, else stepFailed {message}. */
export function failureNotice(error: unknown): Notice {
  if (isKeyedError(error)) return { variant: 'danger', key: noticeKey(error.key), args: error.args ?? {} };
  const message = error instanceof Error ? error.message : String(error);
  return { variant: 'danger', key: noticeKey('stepFailed'), args: { message } };
}

/** A refused scan: a danger notice, the error sound, the step stays and the state is unchanged. */
export function danger<S>(state: S, notice: Notice): StepOutcome<S> {
  return { state, next: stay, notices: [notice], sounds: ['error'] };
}

/** A refused scan by key (`handheld:` added for the engine's keys). */
export function refuse<S>(state: S, key: string, args: Record<string, unknown> = {}): StepOutcome<S> {
  return danger(state, { variant: 'danger', key: noticeKey(key), args });
}

/** Moves on, with optional sounds and notices. */
export function go<S>(state: S, next: string, extra: { sounds?: Sound[]; notices?: Notice[] } = {}): StepOutcome<S> {
  return { state, next, ...extra };
}
