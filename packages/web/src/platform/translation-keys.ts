/**
 * Which key a text on screen came from, for the translation editor. Every text i18next returns
 * is recorded here (text -> namespace, key, arguments) by a post-processor; Alt+click looks up
 * the clicked element's text. Nothing is added to the texts themselves, so layouts, attributes
 * and tests see the same strings with editing on or off.
 */
export interface TranslationRef {
  namespace: string;
  key: string;
  args: Record<string, unknown>;
}

const registryLimit = 5000;
const registry = new Map<string, TranslationRef>();

export function recordTranslation(text: string, ref: TranslationRef): void {
  const normalized = normalize(text);
  if (!normalized) return;
  registry.delete(normalized);
  registry.set(normalized, ref);
  if (registry.size > registryLimit) {
    const oldest = registry.keys().next().value;
    if (oldest !== undefined) registry.delete(oldest);
  }
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first candidate text (innermost element first) that is a recorded translation. */
export function findTranslationRef(candidates: readonly (string | null | undefined)[]): TranslationRef | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const ref = registry.get(normalize(candidate));
    if (ref) return ref;
  }
  return null;
}

/** Interpolation arguments only: i18next's own options left out. */
export function translationArgs(options: Record<string, unknown>): Record<string, unknown> {
  const internal = new Set([
    'ns',
    'lng',
    'lngs',
    'fallbackLng',
    'defaultValue',
    'postProcess',
    'i18nResolved',
    'interpolation',
    'keyPrefix',
    'returnObjects',
    'returnDetails',
    'joinArrays',
    'context',
    'ordinal',
    'replace',
    'skipInterpolation',
    'applyPostProcessor',
    'nest',
  ]);
  return Object.fromEntries(Object.entries(options).filter(([name]) => !internal.has(name)));
}
