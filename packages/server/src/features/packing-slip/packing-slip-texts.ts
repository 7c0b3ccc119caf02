import { languageFiles, type Language, type TranslationTree } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { getUser } from '../users/users.service.js';
import { shippedTranslations } from '../translations/translations.service.js';

/**
 * The words printed on packing slips and carrier labels, in the caller's language (their
 * preferredLanguage): the shipped web translations, namespace packingSlip, subtree `pdf` (the same
 * files the web app reads, so a word is translated once). A word missing in the language falls
 * back to English, then to its key. `{name}` placeholders are filled from args.
 */
export type PdfTexts = (key: string, args?: Record<string, string | number>) => string;

function subtree(tree: TranslationTree | string | undefined, path: readonly string[]): TranslationTree | undefined {
  let node: TranslationTree | string | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'object' ? node : undefined;
}

export function pdfTextsOf(ctx: AppContext, language: Language): PdfTexts {
  const path = ['packingSlip', 'pdf'];
  const own = subtree(shippedTranslations(ctx, languageFiles[language]), path);
  const english = language === 'en' ? own : subtree(shippedTranslations(ctx, languageFiles.en), path);
  return (key, args = {}) => {
    const own_ = own?.[key];
    const fallback = english?.[key];
    const template = typeof own_ === 'string' ? own_ : typeof fallback === 'string' ? fallback : key;
    return template.replace(/\{\{?(\w+)\}?\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
  };
}

/** The caller's texts (their preferredLanguage; English when unset). */
export async function callerTexts(ctx: AppContext, caller: Principal): Promise<PdfTexts> {
  const user = await getUser(ctx, caller, caller.userId);
  return pdfTextsOf(ctx, user.settings.preferredLanguage);
}
