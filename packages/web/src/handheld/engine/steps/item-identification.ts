import { codeKey, sameCode } from '@wms/contract';
import { findPadded, lotsOnLocation, scanQuantityOf } from '../item-codes.js';
import { go, hh, noticeKey, refuse } from '../outcomes.js';
import { resolveItemScan, type ResolvedItemScan } from '../resolve-item.js';
import { stay, type ItemIdentification, type Sound, type Step, type StepOutcome, type WorkflowEnv } from '../types.js';
import {
  autoBatch,
  autoLot,
  autoSerial,
  checkBatch,
  checkSerial,
  contentsOf,
  type ItemIdentificationConfig,
} from './item-identification-rules.js';

export type { ItemIdentificationConfig } from './item-identification-rules.js';

const autoSkipLocationTypes = new Set(['LIQUID_CONTAINER', 'SINGLE_ITEM_LOCATION']);

/**
 * Item identification: four steps, the item step and its batch, lot and
 * serial steps. A scan is read as a compound barcode (resolveItemScan); normal items go to next,
 * batch-managed items to the batch step, serial-managed items to lot then serial (the serial step
 * is skipped for items whose serials are not managed by dispatch). Batch, lot and serial are
 * auto-selected per the scanner settings (only one on the source location, only one allowed),
 * the lot is left empty with scannerItemIdentificationLotAlwaysEmpty, and a compound barcode's
 * batch or serial fills them without a scan. A liquid container or single-item location with
 * exactly one item identifies it on entering. An unknown code warns
 * (itemIdentification.unknownItemForCode) and rolls back to the item step.
 */
export function itemIdentificationSteps<S>(config: ItemIdentificationConfig<S>): Step<S>[] {
  const batchId = config.batchId ?? `${config.id}Batch`;
  const lotId = config.lotId ?? `${config.id}Lot`;
  const serialId = config.serialId ?? `${config.id}Serial`;

  const complete = (state: S, identification: ItemIdentification, sounds: Sound[]): StepOutcome<S> =>
    go(config.set(state, identification), config.next, sounds.length ? { sounds } : {});

  const afterLot = (state: S, identification: ItemIdentification, sounds: Sound[], env: WorkflowEnv) => {
    if (identification.serial !== null || !identification.item.serialManagedByDispatch) {
      return complete(state, identification, sounds);
    }
    const serial = autoSerial(config, state, identification, env);
    if (serial)
      return complete(state, { ...identification, serial: serial.code, lot: serial.lotCode }, [...sounds, 'serial']);
    return go(config.set(state, identification), serialId, sounds.length ? { sounds } : {});
  };

  const afterItem = (state: S, identification: ItemIdentification, sounds: Sound[], env: WorkflowEnv) => {
    const { item } = identification;
    switch (item.managedBy) {
      case 'NORMAL':
        return complete(state, identification, sounds);
      case 'BATCH_NUMBER': {
        if (identification.batch !== null) return complete(state, identification, sounds);
        const batch = autoBatch(config, state, item, env);
        if (batch) return complete(state, { ...identification, batch: batch.value }, sounds);
        return go(config.set(state, identification), batchId, sounds.length ? { sounds } : {});
      }
      case 'SERIAL_NUMBER': {
        if (identification.serial !== null) return complete(state, identification, sounds);
        if (env.settings.scannerItemIdentificationLotAlwaysEmpty) return afterLot(state, identification, sounds, env);
        const lot = autoLot(config, state, item, env);
        if (lot) return afterLot(state, { ...identification, lot: lot.value }, sounds, env);
        return go(config.set(state, identification), lotId, sounds.length ? { sounds } : {});
      }
    }
  };

  /** An item was named (scanned, or the only one in a container): the rules, then what comes next. */
  const identify = async (state: S, env: WorkflowEnv, resolved: ResolvedItemScan, scannedCode: string | null) => {
    const { item } = resolved.answer;
    const barcode = resolved.barcode;
    const expected = config.expectedItemCode?.(state) ?? null;
    if (expected !== null && !sameCode(expected, item.code)) {
      return refuse(state, 'wrongItemScanned', { expected, scanned: item.code });
    }
    if (config.isItemAllowed && !config.isItemAllowed(state, item)) {
      return refuse(state, 'itemIdentification.itemIsNotAllowed', { item: item.code });
    }
    let identification: ItemIdentification = {
      item,
      matchedBy: resolved.answer.matchedBy,
      scanQuantity: scanQuantityOf(barcode?.quantity ?? resolved.answer.quantity),
      batch: null,
      lot: null,
      serial: null,
      expirationDate: barcode?.expirationDate ?? null,
      scannedCode,
    };
    const sounds: Sound[] = [];
    if (item.managedBy === 'BATCH_NUMBER' && barcode?.batchCode) {
      const batch = await checkBatch(config, state, env, item, barcode.batchCode);
      if (!batch.ok) return batch.outcome;
      identification = { ...identification, batch: batch.value };
    }
    if (item.managedBy === 'SERIAL_NUMBER' && barcode?.serialCode) {
      const serial = await checkSerial(config, state, env, item, barcode.serialCode, undefined);
      if (!serial.ok) return serial.outcome;
      identification = { ...identification, ...serial.value };
      sounds.push('serial');
    }
    return afterItem(state, identification, sounds, env);
  };

  /** A scan in the batch, lot or serial step that is none of those: an item scanned again? */
  const rescan = async (state: S, text: string, env: WorkflowEnv, refused: StepOutcome<S>) => {
    const resolved = await resolveItemScan(text, env);
    return resolved ? identify(state, env, resolved, text) : refused;
  };

  const current = (state: S) => config.get(state);
  const itemArgs = (state: S) => ({ item: current(state)?.item.code ?? '', lot: current(state)?.lot ?? '' });

  const itemStep: Step<S> = {
    id: config.id,
    prompt: (state) => config.prompts?.item?.(state) ?? hh('prompt.item'),
    async enter(state, env) {
      const source = config.source?.(state);
      if (!source?.contents || !autoSkipLocationTypes.has(source.location.physicalLocationType)) return null;
      const codes = [...new Map(source.contents.map((row) => [codeKey(row.item.code), row.item.code])).values()];
      if (codes.length === 0 && source.location.physicalLocationType === 'LIQUID_CONTAINER') {
        return refuse(state, 'noItemsInLiquidContainer', { location: source.location.code });
      }
      if (codes.length !== 1) return null;
      const answer = await env.services.findItem(codes[0]!);
      if (!answer) return null;
      return identify(state, env, { answer: { ...answer, matchedBy: 'CODE', quantity: 1 }, barcode: null }, null);
    },
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const resolved = await resolveItemScan(text, env);
      if (!resolved) {
        return {
          state: config.set(state, null),
          next: stay,
          notices: [
            { variant: 'warning', key: noticeKey('itemIdentification.unknownItemForCode'), args: { code: text } },
          ],
          sounds: ['error'],
        };
      }
      return identify(state, env, resolved, text);
    },
  };

  const batchStep: Step<S> = {
    id: batchId,
    prompt: (state) => config.prompts?.batch?.(state) ?? hh('prompt.batch', itemArgs(state)),
    async input(state, text, env) {
      const identification = current(state);
      if (!identification) return go(state, config.id);
      if (text === '') return { state, next: stay };
      const batch = await checkBatch(config, state, env, identification.item, text);
      if (batch.ok) return complete(state, { ...identification, batch: batch.value }, []);
      return rescan(state, text, env, batch.outcome);
    },
  };

  const lotStep: Step<S> = {
    id: lotId,
    prompt: (state) => config.prompts?.lot?.(state) ?? hh('prompt.lot', itemArgs(state)),
    async input(state, text, env) {
      const identification = current(state);
      if (!identification) return go(state, config.id);
      const { item } = identification;
      const contents = contentsOf(config, state);
      const known = [
        ...(contents ? lotsOnLocation(contents, item.code) : []),
        ...(config.allowedLots?.(state, item) ?? []),
      ];
      const restricted = contents !== null || config.allowedLots?.(state, item) != null;
      if (text === '') {
        if (restricted && !known.includes(null))
          return refuse(state, 'itemIdentification.unknownBatchForCode', { code: '' });
        return afterLot(state, { ...identification, lot: null }, [], env);
      }
      const lot = findPadded(
        known.filter((value): value is string => value !== null),
        text,
      );
      if (lot !== undefined) return afterLot(state, { ...identification, lot }, [], env);
      const serial = await checkSerial(config, state, env, item, text, undefined);
      if (serial.ok) return complete(state, { ...identification, ...serial.value }, ['serial']);
      const refused = refuse(state, 'itemIdentification.unknownBatchForCode', { code: text });
      const again = await rescan(state, text, env, refused);
      if (again !== refused || restricted) return again;
      return afterLot(state, { ...identification, lot: text }, [], env);
    },
  };

  const serialStep: Step<S> = {
    id: serialId,
    prompt: (state) => config.prompts?.serial?.(state) ?? hh('prompt.serial', itemArgs(state)),
    async input(state, text, env) {
      const identification = current(state);
      if (!identification) return go(state, config.id);
      if (text === '') return { state, next: stay };
      const lot = env.settings.scannerItemIdentificationLotAlwaysEmpty ? undefined : identification.lot;
      const serial = await checkSerial(config, state, env, identification.item, text, lot);
      if (serial.ok) return complete(state, { ...identification, ...serial.value }, ['serial']);
      return rescan(state, text, env, serial.outcome);
    },
  };

  return [itemStep, batchStep, lotStep, serialStep];
}
