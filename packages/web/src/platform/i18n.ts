import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  languageFiles,
  languages,
  pathOf,
  translationEndpoints,
  type Language,
  type TranslationTree,
} from '@wms/contract';
import { clientHeaders } from './http.js';
import { i18nOptions, keyTracker } from './i18n-options.js';
import { mergeTranslations } from './translation-tree.js';

/**
 * Translations: /translations/{lng}.json (every namespace file of the
 * language, merged by the server) with /api/v1/translations/patchFile/{lng} laid over it; a
 * non-200 answer counts as {}. The top-level keys are the namespaces; placeholders are {name};
 * a key without a text shows `err: <key>`. Read with a plain fetch, not the API client: they
 * load before everything else, and no failure of theirs may log out, reload or notify.
 */

async function readTree(path: string): Promise<TranslationTree> {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json', ...clientHeaders() } });
    if (response.status !== 200) return {};
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as TranslationTree) : {};
  } catch {
    return {};
  }
}

/** One language's texts: the shipped file with its patches. */
export async function loadLanguageTree(language: Language): Promise<TranslationTree> {
  const [shipped, patches] = await Promise.all([
    readTree(pathOf(translationEndpoints.file, { file: languageFiles[language] })),
    readTree(pathOf(translationEndpoints.patchFile, { language })),
  ]);
  return mergeTranslations(shipped, patches);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Replaces the language's texts (a cleared patch must disappear, so no merge with the old ones). */
function addTree(language: Language, tree: TranslationTree): void {
  for (const [namespace, texts] of Object.entries(tree)) {
    if (typeof texts !== 'object') continue;
    if (i18next.hasResourceBundle(language, namespace)) i18next.removeResourceBundle(language, namespace);
    i18next.addResourceBundle(language, namespace, texts, true, true);
  }
}

/** Starts i18next with the given language's texts loaded. */
export async function initI18n(language: Language): Promise<void> {
  const tree = await loadLanguageTree(language);
  await i18next
    .use(initReactI18next)
    .use(keyTracker)
    .init({ ...i18nOptions(Object.keys(tree)), lng: language, react: { bindI18nStore: 'added' } });
  addTree(language, tree);
  document.documentElement.lang = language;
}

/** Loads the language (again, with the latest patches) and switches to it; components re-render. */
export async function setLanguage(language: Language): Promise<void> {
  const tree = await loadLanguageTree(language);
  addTree(language, tree);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** Reloads the current language's texts (after a translation was edited). */
export async function reloadTranslations(): Promise<void> {
  const current = i18next.language;
  if (isLanguage(current)) await setLanguage(current);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}
