import type { ScannerSettings } from './types.js';

const compiled = new Map<string, RegExp | null>();

/** A settings pattern as a case-insensitive RegExp; null when empty or invalid (it never matches). */
export function settingsPattern(source: string): RegExp | null {
  if (source === '') return null;
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(source, 'i');
    } catch {
      pattern = null;
    }
    compiled.set(source, pattern);
  }
  return pattern;
}

/** Whether a text confirms the question asked: an empty Enter (the OK button) or the scanner's OK code. */
export function isConfirmation(text: string, settings: ScannerSettings): boolean {
  return text === '' || (settingsPattern(settings.scannerOk)?.test(text) ?? false);
}

export type QuantityCommand =
  | { kind: 'ok' }
  /** The captured amount text (group 1), or null when the pattern has no group: one unit. */
  | { kind: 'plus' | 'minus'; amount: string | null };

/** Whether a text is the OK, plus or minus code of the scanner settings. */
export function quantityCommand(text: string, settings: ScannerSettings): QuantityCommand | null {
  if (settingsPattern(settings.scannerOk)?.test(text)) return { kind: 'ok' };
  for (const kind of ['plus', 'minus'] as const) {
    const match = settingsPattern(kind === 'plus' ? settings.scannerPlus : settings.scannerMinus)?.exec(text);
    if (match) return { kind, amount: match[1] ?? null };
  }
  return null;
}
