import type { InitOptions, PostProcessorModule } from 'i18next';
import { languages } from '@wms/contract';
import { recordTranslation, translationArgs } from './translation-keys.js';
import { missingKeyText } from './translation-tree.js';

/** Records which namespace and key each returned text came from (for the translation editor). */
export const keyTracker: PostProcessorModule = {
  type: 'postProcessor',
  name: 'keyTracker',
  process(value: string, _keys: string | string[], options: Record<string, unknown>) {
    const resolved = options.i18nResolved as { usedKey?: string; usedNS?: string } | undefined;
    if (resolved?.usedKey && resolved.usedNS)
      recordTranslation(value, { namespace: resolved.usedNS, key: resolved.usedKey, args: translationArgs(options) });
    return value;
  },
};

/**
 * The i18next settings: namespaces are the translation file's top-level keys (default common),
 * no fallback language (a missing text shows `err: <key>`, never another language), single-brace
 * placeholders, and the key tracker on every text.
 */
export function i18nOptions(namespaces: string[]): InitOptions {
  return {
    supportedLngs: [...languages],
    showSupportNotice: false,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: 'common',
    resources: {},
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    postProcess: ['keyTracker'],
    postProcessPassResolved: true,
    parseMissingKeyHandler: (key: string, _defaultValue?: unknown, options?: unknown) => {
      const text = missingKeyText(key);
      const ns = (options as { ns?: unknown } | undefined)?.ns;
      const namespace: unknown = Array.isArray(ns) ? ns[0] : (ns ?? 'common');
      if (typeof namespace === 'string') recordTranslation(text, { namespace, key, args: {} });
      return text;
    },
  };
}
