import {
  gtinCandidates,
  readCompoundBarcode,
  sameCode,
  type CompoundBarcode,
  type GoodsReceipt,
  type Item,
} from '@wms/contract';
import { namesItem, scanQuantityOf } from '../../handheld/engine/item-codes.js';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { Gs1ScanRefused, resolveItemScan } from '../../handheld/engine/resolve-item.js';
import { parseDate } from '../../handheld/engine/steps/find-date.js';
import { stay, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import { advance, draftLine, emptyDraft, gr, lineForItem, type ReceiptDraft } from './receipt-state.js';

export interface IdentificationDeps {
  /** The receipt as last loaded (its lines, rules and planned batches); null while loading. */
  receipt(): GoodsReceipt | null;
}

/** Typed dates accepted at the date questions (a scanned GS1 date is read too). */
export const typedDateFormats = ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD/MM/YYYY', 'DDMMYYYY', 'YYMMDD'];

/** A typed date as YYYY-MM-DD; null when it is none of the formats. */
export function typedDate(text: string, now: Date): string | null {
  for (const format of typedDateFormats) {
    const date = parseDate(text, format, now);
    if (date) return date.toISOString().slice(0, 10);
  }
  return null;
}

/** The GS1 reading of a scan (null: not GS1); a GS1 scan that breaks a rule is thrown as its refusal. */
function gs1Reading(text: string, now: Date): CompoundBarcode | null {
  const { readings, refusal } = readCompoundBarcode(text, now);
  if (refusal) throw new Gs1ScanRefused(refusal);
  return readings.find((reading) => reading.gs1 !== null) ?? null;
}

/** Whether a GS1 reading names another item than the draft's (a GTIN that is none of its codes). */
function namesOtherItem(item: Item, reading: CompoundBarcode): boolean {
  const code = reading.itemCode;
  return code !== null && ![code, ...gtinCandidates(code)].some((candidate) => namesItem(item, candidate));
}

/** What a GS1 reading fills in (only what the draft does not have yet). */
function fillFromGs1(draft: ReceiptDraft, reading: CompoundBarcode): ReceiptDraft {
  const item = draft.item;
  const gs1 = reading.gs1;
  return {
    ...draft,
    batch: item?.managedBy === 'BATCH_NUMBER' && reading.batchCode ? reading.batchCode : draft.batch,
    expirationDate: reading.expirationDate ?? draft.expirationDate,
    manufacturingDate: gs1?.productionDate ?? draft.manufacturingDate,
  };
}

/** The outcome of a step that answered its question: the next question of the draft. */
function answered(deps: IdentificationDeps, draft: ReceiptDraft, extra: Partial<StepOutcome<ReceiptDraft>> = {}) {
  const { state, next } = advance(draft, draftLine(deps.receipt(), draft));
  return { ...extra, state, next };
}

const argsOf = (state: ReceiptDraft) => ({ item: state.item?.code ?? '', units: state.item?.units ?? '' });

/**
 * 'item': an item code, barcode or GS1 barcode of the receipt. It selects the item's first open
 * line; an item that is not on the receipt is refused with itemNotOnOrder from the lines here
 * (nothing is sent). A GS1 barcode fills the batch (AI 10), expiry (AI 17), production date
 * (AI 11), serial (AI 21) and the count.
 */
function itemStep(deps: IdentificationDeps): Step<ReceiptDraft> {
  return {
    id: 'item',
    prompt: () => gr('prompt.item'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const receipt = deps.receipt();
      if (!receipt) return refuse(state, 'goodsReceipt:receiptNotLoaded');
      const resolved = await resolveItemScan(text, env);
      if (!resolved) return refuse(state, 'itemIdentification.unknownItemForCode', { code: text });
      const { item } = resolved.answer;
      const line = lineForItem(receipt, item.code);
      if (!line) return refuse(state, 'itemNotOnOrder', { item: item.code, document: receipt.source.code });
      const barcode = resolved.barcode;
      let draft: ReceiptDraft = {
        ...emptyDraft(state.receipt),
        line: line.line,
        item,
        scanQuantity: scanQuantityOf(barcode?.quantity ?? resolved.answer.quantity),
      };
      if (barcode) draft = fillFromGs1(draft, barcode);
      if (item.managedBy === 'SERIAL_NUMBER' && barcode?.serialCode) {
        draft = { ...draft, serials: [barcode.serialCode], manufacturingSerials: [null] };
      }
      return answered(deps, draft);
    },
  };
}

/** A scan at a question after the item that is the item's own code: refused with `key`. */
function itemCodeScanned(state: ReceiptDraft, text: string, key: string): StepOutcome<ReceiptDraft> | null {
  return state.item && namesItem(state.item, text) ? refuse(state, `goodsReceipt:${key}`, argsOf(state)) : null;
}

/**
 * 'batch': the batch of a batch item, scanned, typed or read from a GS1 barcode of the item
 * (with its dates). The planned batch of a planned goods receipt line is preselected: Enter
 * keeps it.
 */
function batchStep(deps: IdentificationDeps): Step<ReceiptDraft> {
  const planned = (state: ReceiptDraft) => draftLine(deps.receipt(), state)?.plannedBatch ?? null;
  return {
    id: 'batch',
    prompt: (state) => {
      const batch = planned(state);
      return batch ? gr('prompt.batchPlanned', { ...argsOf(state), batch }) : gr('prompt.batch', argsOf(state));
    },
    async input(state, text, env) {
      if (!state.item) return go(state, 'item');
      if (isConfirmation(text, env.settings)) {
        const batch = planned(state);
        if (!batch) return { state, next: stay };
        const expiry = draftLine(deps.receipt(), state)?.plannedExpirationDate ?? null;
        return answered(deps, { ...state, batch, expirationDate: state.expirationDate ?? expiry });
      }
      const reading = gs1Reading(text, env.now());
      if (reading) {
        if (namesOtherItem(state.item, reading))
          return refuse(state, 'wrongItemScanned', { expected: state.item.code, scanned: reading.itemCode });
        if (!reading.batchCode) return refuse(state, 'goodsReceipt:noBatchInBarcode', argsOf(state));
        return answered(deps, {
          ...fillFromGs1(state, reading),
          confirmations: { ...state.confirmations, batchExpiry: false },
        });
      }
      const refused = itemCodeScanned(state, text, 'scanBatchNotItem');
      if (refused) return refused;
      if (text.length > 100) return refuse(state, 'goodsReceipt:codeTooLong', { max: 100 });
      return answered(deps, { ...state, batch: text, confirmations: { ...state.confirmations, batchExpiry: false } });
    },
  };
}

type DateField = 'expirationDate' | 'manufacturingDate';

/** 'expiry' or 'productionDate': a typed date, or the date of a GS1 barcode of the item (AI 17 or 11). */
function dateStep(deps: IdentificationDeps, id: string, field: DateField): Step<ReceiptDraft> {
  const plannedOf = (state: ReceiptDraft) =>
    field === 'expirationDate' ? (draftLine(deps.receipt(), state)?.plannedExpirationDate ?? null) : null;
  return {
    id,
    prompt: (state) => {
      const planned = plannedOf(state);
      const key = field === 'expirationDate' ? 'prompt.expiry' : 'prompt.productionDate';
      return planned ? gr(`${key}Planned`, { ...argsOf(state), date: planned }) : gr(key, argsOf(state));
    },
    async input(state, text, env) {
      if (!state.item) return go(state, 'item');
      if (isConfirmation(text, env.settings)) {
        const planned = plannedOf(state);
        return planned ? answered(deps, { ...state, [field]: planned }) : { state, next: stay };
      }
      const typed = typedDate(text, env.now());
      if (typed) return answered(deps, { ...state, [field]: typed });
      const reading = gs1Reading(text, env.now());
      if (reading && namesOtherItem(state.item, reading))
        return refuse(state, 'wrongItemScanned', { expected: state.item.code, scanned: reading.itemCode });
      const date = field === 'expirationDate' ? reading?.expirationDate : reading?.gs1?.productionDate;
      if (reading && date) return answered(deps, fillFromGs1(state, reading));
      return refuse(state, 'goodsReceipt:notADate', { value: text, format: typedDateFormats[0] });
    },
  };
}

/** 'manufacturingBatch': the supplier's own batch code, as printed on the goods. */
function manufacturingBatchStep(deps: IdentificationDeps): Step<ReceiptDraft> {
  return {
    id: 'manufacturingBatch',
    prompt: (state) => gr('prompt.manufacturingBatch', argsOf(state)),
    async input(state, text) {
      if (!state.item) return go(state, 'item');
      if (text === '') return { state, next: stay };
      const refused = itemCodeScanned(state, text, 'scanBatchNotItem');
      if (refused) return refused;
      if (text.length > 100) return refuse(state, 'goodsReceipt:codeTooLong', { max: 100 });
      return answered(deps, { ...state, manufacturingBatch: text });
    },
  };
}

/**
 * 'serial': the serial loop. Each scan is one unit's serial (typed, scanned, or AI 21 of a GS1
 * barcode of the item); a serial scanned twice in the loop is refused (serialAlreadyExists) here.
 * Enter, the OK code or Done ends the loop: the quantity is the number of serials. With the
 * item's scanManufacturingSerial rule each serial is followed by the supplier's serial.
 */
function serialStep(deps: IdentificationDeps): Step<ReceiptDraft> {
  const asksManufacturingSerial = (state: ReceiptDraft) =>
    draftLine(deps.receipt(), state)?.rules.scanManufacturingSerial ?? false;
  return {
    id: 'serial',
    prompt: (state) => {
      const open = draftLine(deps.receipt(), state)?.open ?? 0;
      return gr('prompt.serial', { ...argsOf(state), count: state.serials.length, open });
    },
    async input(state, text, env) {
      if (!state.item) return go(state, 'item');
      if (isConfirmation(text, env.settings)) {
        if (state.serials.length === 0) return refuse(state, 'goodsReceipt:noSerialsYet', argsOf(state));
        return go({ ...state, quantity: state.serials.length * 1000 }, 'target');
      }
      let serial = text;
      const reading = gs1Reading(text, env.now());
      if (reading) {
        if (namesOtherItem(state.item, reading))
          return refuse(state, 'wrongItemScanned', { expected: state.item.code, scanned: reading.itemCode });
        if (!reading.serialCode) return refuse(state, 'goodsReceipt:noSerialInBarcode', argsOf(state));
        serial = reading.serialCode;
      } else {
        const refused = itemCodeScanned(state, text, 'scanSerialNotItem');
        if (refused) return refused;
      }
      if (serial.length > 100) return refuse(state, 'goodsReceipt:codeTooLong', { max: 100 });
      if (state.serials.some((known) => sameCode(known, serial)))
        return refuse(state, 'serialAlreadyExists', { serial, item: state.item.code });
      const next: ReceiptDraft = {
        ...state,
        serials: [...state.serials, serial],
        manufacturingSerials: [...state.manufacturingSerials, null],
      };
      return go(next, asksManufacturingSerial(state) ? 'manufacturingSerial' : 'serial', { sounds: ['serial'] });
    },
  };
}

/** 'manufacturingSerial': the supplier's serial of the unit just scanned. */
function manufacturingSerialStep(): Step<ReceiptDraft> {
  return {
    id: 'manufacturingSerial',
    prompt: (state) => gr('prompt.manufacturingSerial', { ...argsOf(state), serial: state.serials.at(-1) ?? '' }),
    async input(state, text) {
      if (!state.item) return go(state, 'item');
      if (text === '') return { state, next: stay };
      if (text.length > 100) return refuse(state, 'goodsReceipt:codeTooLong', { max: 100 });
      const values = [...state.manufacturingSerials];
      values[values.length - 1] = text;
      return go({ ...state, manufacturingSerials: values }, 'serial');
    },
  };
}

/** The questions from the item to its serials: item, batch, expiry, production date, supplier batch, serial loop. */
export function receiptIdentificationSteps(deps: IdentificationDeps): Step<ReceiptDraft>[] {
  return [
    itemStep(deps),
    batchStep(deps),
    dateStep(deps, 'expiry', 'expirationDate'),
    dateStep(deps, 'productionDate', 'manufacturingDate'),
    manufacturingBatchStep(deps),
    serialStep(deps),
    manufacturingSerialStep(),
  ];
}
