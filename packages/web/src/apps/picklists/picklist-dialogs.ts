import type { PickListSummary } from '@wms/contract';

/** The dialog the overview shows, if any. */
export type PicklistDialog =
  | { kind: 'create' }
  | { kind: 'broken' }
  | { kind: 'edit'; list: PickListSummary }
  | { kind: 'claim'; list: PickListSummary }
  | { kind: 'clear'; list: PickListSummary }
  | { kind: 'attachments'; list: PickListSummary }
  /** The server asked for short reasons: these line numbers (null: every line left short). */
  | { kind: 'flush'; list: PickListSummary; lines: number[] | null }
  /** The server asked to confirm a merge of lists with different ship-to addresses. */
  | { kind: 'mergeShipTo'; codes: string[] };

/** The line numbers of a shortReasonRequired refusal's `lines` argument (a list or a text), or null. */
export function shortLinesOf(value: unknown): number[] | null {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[^\d]+/) : [];
  const numbers = parts.filter((part) => /^\d+$/.test(part.trim())).map((part) => Number(part.trim()));
  return numbers.length > 0 ? numbers : null;
}
