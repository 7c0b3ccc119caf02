import { createInstance, type i18n } from 'i18next';
import { i18nOptions } from '../i18n-options.js';

/** For tests: the shipped translation files of every language, as the server merges them. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../i18n/*/*.json', { eager: true });

export const shippedResources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const [, language, namespace] = /i18n\/(\w+)\/(\w+)\.json$/.exec(path)!;
  (shippedResources[language!] ??= {})[namespace!] = module.default;
}

/** An i18next instance on the shipped texts of the language, with the app's options (no key tracker). */
export async function shippedI18n(language: string): Promise<i18n> {
  const i18next = createInstance();
  await i18next.init({
    ...i18nOptions(Object.keys(shippedResources.en!)),
    postProcess: [],
    lng: language,
    resources: shippedResources,
  });
  return i18next;
}
