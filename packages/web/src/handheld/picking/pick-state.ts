import {
  sameCode,
  shortReasons,
  type Item,
  type PickChange,
  type PickList,
  type PickListLine,
  type ShortReason,
} from '@wms/contract';
import type { Prompt } from '../engine/types.js';
import type { ItemIdentification } from '../engine/types.js';

/** A prompt or notice key of this app's namespace. */
export function sp(key: string, args?: Record<string, unknown>): Prompt & { key: `stockPicking:${string}` } {
  return args ? { key: `stockPicking:${key}`, args } : { key: `stockPicking:${key}` };
}

/** The pick of the current line being collected; JSON-safe (saved to resume). Quantities in thousandths. */
export interface PickDraft {
  /** The pick list's code. */
  code: string;
  /** The line being picked (null: the next one is chosen). */
  lineNumber: number | null;
  /** The scanned source location. */
  location: string | null;
  item: Item | null;
  batch: string | null;
  serials: string[];
  quantity: number;
  /** The container picked into; stays for the next lines until another is scanned. */
  container: string | null;
  /** The last pick has no known answer: the prompt offers a retry with the same key. */
  failed: boolean;
  /** After a pick that emptied the location: the zero check's question. */
  zeroCheck: { location: string; item: string } | null;
}

export function emptyDraft(code: string, container: string | null = null): PickDraft {
  return {
    code,
    lineNumber: null,
    location: null,
    item: null,
    batch: null,
    serials: [],
    quantity: 0,
    container,
    failed: false,
    zeroCheck: null,
  };
}

/** The line's pick cleared (the container stays). */
export function nextLineDraft(draft: PickDraft): PickDraft {
  return emptyDraft(draft.code, draft.container);
}

/** The draft with an item identified (its batch and a serial from the scan). */
export function withIdentification(draft: PickDraft, identification: ItemIdentification | null): PickDraft {
  if (!identification) return { ...draft, item: null, batch: null, serials: [], quantity: 0 };
  return {
    ...draft,
    item: identification.item,
    batch: identification.batch,
    serials: identification.serial ? [identification.serial] : [],
    quantity: identification.scanQuantity,
  };
}

/** What the picking steps read of a list: its lines (pick and collect gives the lines of one stop). */
export type PickLines = Pick<PickList, 'lines'>;

/**
 * The list with a pick's change merged in (the answer carries the change only, contract
 * pickChangeSchema): the picked line replaced, the status, version and line counts taken over.
 * Everything else stays as loaded (the containers too: no picking screen shows their contents);
 * other devices' changes come with the next read.
 */
export function withPick(list: PickList, change: PickChange): PickList {
  return {
    ...list,
    status: change.status,
    version: change.version,
    linesTotal: change.linesTotal,
    linesPicked: change.linesPicked,
    lines: list.lines.map((line) => (line.lineNumber === change.line.lineNumber ? change.line : line)),
  };
}

/** The open lines in walk order (the server orders them: sortingCode, skipped last). */
export function openLines(list: PickLines | null): PickListLine[] {
  return (list?.lines ?? [])
    .filter((line) => line.openQuantity > 0)
    .sort((a, b) => a.walkOrder - b.walkOrder || a.lineNumber - b.lineNumber);
}

export function lineOf(list: PickLines | null, lineNumber: number | null): PickListLine | null {
  if (!list || lineNumber === null) return null;
  return list.lines.find((line) => line.lineNumber === lineNumber) ?? null;
}

/** Where the line's stock lies: its first allocation (the suggestion). */
export function suggestion(line: PickListLine | null) {
  return line?.allocations[0] ?? null;
}

/** Whether a scanned location holds an allocation of the line (a line without allocations: the server decides). */
export function locationAllowed(line: PickListLine, location: string): boolean {
  return (
    line.allocations.length === 0 || line.allocations.some((allocation) => sameCode(allocation.location, location))
  );
}

/** A short reason typed or scanned: its name or its number (1 to 3); null for anything else. */
export function shortReasonOf(text: string): ShortReason | null {
  const normal = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const byName = shortReasons.find((reason) => reason === normal);
  if (byName) return byName;
  const index = /^[1-3]$/.test(normal) ? Number(normal) - 1 : -1;
  return shortReasons[index] ?? null;
}

/** A yes or no typed or scanned at the zero check; null for anything else. */
export function yesNoOf(text: string): boolean | null {
  const normal = text.trim().toUpperCase();
  if (['YES', 'Y', 'JA', 'J', 'TAK', 'T', '1'].includes(normal)) return true;
  if (['NO', 'N', 'NEE', 'NEIN', 'NIE', '0'].includes(normal)) return false;
  return null;
}
