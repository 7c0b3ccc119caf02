import {
  codeKey,
  gtinCandidates,
  readCompoundBarcode,
  type CompoundBarcode,
  type Gs1Problem,
  type ItemFindAnswer,
} from '@wms/contract';
import { hh } from './outcomes.js';
import { isConfirmedScan, ScanConfirmationNeeded } from './scan-confirmation.js';
import type { KeyedError, WorkflowEnv } from './types.js';

/** An item a scan named, and the compound barcode reading that named it (null: the text as is). */
export interface ResolvedItemScan {
  answer: ItemFindAnswer;
  barcode: CompoundBarcode | null;
}

/** A GS1 scan that breaks a rule (errors namespace key): thrown, so the step refuses the scan. */
export class Gs1ScanRefused extends Error implements KeyedError {
  readonly key: string;
  readonly args: Record<string, unknown>;

  constructor(problem: Gs1Problem) {
    super(problem.key);
    this.key = problem.key;
    this.args = problem.args;
  }
}

/**
 * A GS1 batch that may hold an expiry date whose separator was lost, for an item whose batch
 * matters: the operator confirms it first (scan-confirmation.ts), unless this is the confirmed scan.
 */
function checkedBatch(resolved: ResolvedItemScan, text: string, env: WorkflowEnv): ResolvedItemScan {
  const warning = resolved.barcode?.gs1?.warnings?.find((candidate) => candidate.key === 'gs1BatchMayHoldExpiry');
  const { item } = resolved.answer;
  if (!warning || item.managedBy === 'NORMAL' || isConfirmedScan(env, text)) return resolved;
  const args = { ...warning.args, item: item.code };
  throw new ScanConfirmationNeeded(
    text,
    { variant: 'warning', key: hh('scanConfirmation.batchMayHoldExpiry').key, args },
    hh('prompt.confirmBatch', args),
  );
}

/**
 * The item a scanned text names: each reading of readCompoundBarcode in order, each item code
 * in every GTIN form (gtinCandidates), looked up with findItem; the first known one wins. A GS1
 * serial without a GTIN is looked up as a serial (when exactly one item has it). Finally the text
 * as it is. null: no item.
 *
 * Throws (the step's scan is refused, nothing is used): Gs1ScanRefused when the text is GS1 that
 * breaks a rule (an invalid pair such as (01) with (37), a missing companion, one AI with two
 * values, an impossible date); ScanConfirmationNeeded when a batch-managed item's GS1 batch ends
 * in what looks like an expiry date (17YYMMDD) whose separator was lost, until it is confirmed.
 * The count of a GS1 scan is the contained item's (37) when the item was named by (02), the
 * variable count (30) when named by (01).
 */
export async function resolveItemScan(text: string, env: WorkflowEnv): Promise<ResolvedItemScan | null> {
  const { readings, refusal } = readCompoundBarcode(text, env.now());
  if (refusal) throw new Gs1ScanRefused(refusal);
  const tried = new Set<string>();
  const find = async (code: string): Promise<ItemFindAnswer | null> => {
    const key = codeKey(code);
    if (key === '' || tried.has(key)) return null;
    tried.add(key);
    return env.services.findItem(code.trim());
  };
  for (const barcode of readings) {
    if (barcode.itemCode !== null) {
      for (const code of [barcode.itemCode, ...gtinCandidates(barcode.itemCode)]) {
        const answer = await find(code);
        if (answer) return checkedBatch({ answer, barcode }, text, env);
      }
    } else if (barcode.serialCode !== null) {
      const serials = await env.services.findSerials(barcode.serialCode);
      if (serials.length === 1) {
        const answer = await find(serials[0]!.itemCode);
        if (answer) return checkedBatch({ answer: { ...answer, matchedBy: 'CODE', quantity: 1 }, barcode }, text, env);
      }
    }
  }
  const answer = await find(text);
  return answer ? { answer, barcode: null } : null;
}
