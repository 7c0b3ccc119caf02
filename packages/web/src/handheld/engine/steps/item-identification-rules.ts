import { sameCode, type BinLocation, type Item, type LocationContentRow } from '@wms/contract';
import { batchesOnLocation, findPadded, lotsOnLocation, sameLot, serialsOnLocation } from '../item-codes.js';
import { refuse } from '../outcomes.js';
import type { ItemIdentification, Prompt, StepOutcome, WorkflowEnv } from '../types.js';

export interface ItemIdentificationConfig<S> {
  /** The item step's id. */
  id: string;
  /** Ids of the batch, lot and serial steps (default `${id}Batch`, `${id}Lot`, `${id}Serial`). */
  batchId?: string;
  lotId?: string;
  serialId?: string;
  /** Where a complete identification goes. */
  next: string;
  get(state: S): ItemIdentification | null;
  set(state: S, identification: ItemIdentification | null): S;
  /**
   * The location the item is taken from and its loaded contents (null: not loaded): auto-select
   * of batch, lot and serial, the liquid container / single-item location rule, and the check
   * that a scanned batch or serial is there.
   */
  source?(state: S): { location: BinLocation; contents: LocationContentRow[] | null } | null;
  /** The item is allowed for this step (else itemIdentification.itemIsNotAllowed {item}). */
  isItemAllowed?(state: S, item: Item): boolean;
  /** The item the operator must scan (else wrongItemScanned {expected, scanned}). */
  expectedItemCode?(state: S): string | null;
  /** The batches, lots, serials allowed (a document's); null: any. */
  allowedBatches?(state: S, item: Item): readonly string[] | null;
  allowedLots?(state: S, item: Item): readonly string[] | null;
  allowedSerials?(state: S, item: Item): readonly string[] | null;
  prompts?: {
    item?(state: S): Prompt;
    batch?(state: S): Prompt;
    lot?(state: S): Prompt;
    serial?(state: S): Prompt;
  };
}

export type Checked<T, S> = { ok: true; value: T } | { ok: false; outcome: StepOutcome<S> };

export function contentsOf<S>(config: ItemIdentificationConfig<S>, state: S): LocationContentRow[] | null {
  return config.source?.(state)?.contents ?? null;
}

/** The one choice when the settings allow it: only one on the location, or only one allowed. */
function onlyOne<T>(
  onLocation: readonly T[] | null,
  byLocation: boolean,
  allowed: readonly T[] | null,
  byAllowed: boolean,
) {
  if (byLocation && onLocation?.length === 1) return { value: onLocation[0]! };
  if (byAllowed && allowed?.length === 1) return { value: allowed[0]! };
  return null;
}

export function autoBatch<S>(config: ItemIdentificationConfig<S>, state: S, item: Item, env: WorkflowEnv) {
  const contents = contentsOf(config, state);
  return onlyOne(
    contents ? batchesOnLocation(contents, item.code) : null,
    env.settings.scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneOnLocation,
    config.allowedBatches?.(state, item) ?? null,
    env.settings.scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneAllowed,
  );
}

export function autoLot<S>(config: ItemIdentificationConfig<S>, state: S, item: Item, env: WorkflowEnv) {
  const contents = contentsOf(config, state);
  return onlyOne<string | null>(
    contents ? lotsOnLocation(contents, item.code) : null,
    env.settings.scannerItemIdentificationLotAllowAutoSelectIfOnlyOneOnLocation,
    config.allowedLots?.(state, item) ?? null,
    env.settings.scannerItemIdentificationLotAllowAutoSelectIfOnlyOneAllowed,
  );
}

export function autoSerial<S>(
  config: ItemIdentificationConfig<S>,
  state: S,
  identification: ItemIdentification,
  env: WorkflowEnv,
) {
  const contents = contentsOf(config, state);
  const lotChecked = !env.settings.scannerItemIdentificationLotAlwaysEmpty;
  const onLocation = contents
    ? serialsOnLocation(contents, identification.item.code).filter(
        (serial) => !lotChecked || sameLot(serial.lotCode, identification.lot),
      )
    : null;
  const choice = onlyOne(
    onLocation,
    env.settings.scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneOnLocation,
    config.allowedSerials?.(state, identification.item)?.map((code) => ({ code, lotCode: identification.lot })) ?? null,
    env.settings.scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneAllowed,
  );
  return choice?.value ?? null;
}

/** A scanned batch of the item: known (findBatches), allowed, and on the source location when its contents are known. */
export async function checkBatch<S>(
  config: ItemIdentificationConfig<S>,
  state: S,
  env: WorkflowEnv,
  item: Item,
  code: string,
): Promise<Checked<string, S>> {
  const batches = (await env.services.findBatches(code, item.code)).filter((batch) =>
    sameCode(batch.itemCode, item.code),
  );
  const batch = batches[0];
  if (!batch) return { ok: false, outcome: refuse(state, 'itemIdentification.unknownBatchForCode', { code }) };
  const allowed = config.allowedBatches?.(state, item) ?? null;
  const contents = contentsOf(config, state);
  if (
    (allowed && !findPadded(allowed, batch.code)) ||
    (contents && !findPadded(batchesOnLocation(contents, item.code), batch.code))
  ) {
    return { ok: false, outcome: refuse(state, 'unknownBatchCode', { code }) };
  }
  return { ok: true, value: batch.code };
}

/**
 * A scanned serial of the item: known (findSerials), in the lot when one was chosen (lot
 * undefined: not checked), allowed, and on the source location when its contents are known.
 */
export async function checkSerial<S>(
  config: ItemIdentificationConfig<S>,
  state: S,
  env: WorkflowEnv,
  item: Item,
  code: string,
  lot: string | null | undefined,
): Promise<Checked<{ serial: string; lot: string | null }, S>> {
  const serials = (await env.services.findSerials(code, item.code)).filter((serial) =>
    sameCode(serial.itemCode, item.code),
  );
  const serial = serials[0];
  const unknown = { ok: false as const, outcome: refuse(state, 'itemIdentification.unknownSerialForCode', { code }) };
  if (!serial) return unknown;
  if (lot !== undefined && !sameLot(lot, serial.lotCode)) return unknown;
  const allowed = config.allowedSerials?.(state, item) ?? null;
  if (allowed && !findPadded(allowed, serial.code)) return unknown;
  const contents = contentsOf(config, state);
  if (
    contents &&
    !findPadded(
      serialsOnLocation(contents, item.code).map((s) => s.code),
      serial.code,
    )
  )
    return unknown;
  return { ok: true, value: { serial: serial.code, lot: serial.lotCode } };
}
