import type { TranslationTree } from '@wms/contract';

/** Pure helpers of the translation layer (i18n.ts and the translation editor). */

function isTree(value: unknown): value is TranslationTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shipped texts with the patches laid over them: groups merge, texts replace. */
export function mergeTranslations(base: TranslationTree, patch: unknown): TranslationTree {
  if (!isTree(patch)) return base;
  const merged: TranslationTree = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    if (typeof value === 'string') merged[key] = value;
    else if (isTree(value)) merged[key] = mergeTranslations(isTree(current) ? current : {}, value);
  }
  return merged;
}

/** The text shown for a key that has no translation. */
export function missingKeyText(key: string): string {
  return `err: ${key}`;
}

/** The text at `namespace.key.sub` in a tree, or null. */
export function textAt(tree: TranslationTree, path: string): string | null {
  let node: string | TranslationTree | undefined = tree;
  for (const part of path.split('.')) {
    if (!isTree(node)) return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

const placeholderPattern = /\{\s*[\w.]+\s*\}/g;

/**
 * Hides {placeholders} from a machine translator: each becomes a numbered token that
 * translators leave alone, restored afterwards by restorePlaceholders.
 */
export function maskPlaceholders(text: string): { masked: string; placeholders: string[] } {
  const placeholders: string[] = [];
  const masked = text.replace(placeholderPattern, (match) => {
    placeholders.push(match);
    return `[${placeholders.length - 1}]`;
  });
  return { masked, placeholders };
}

export function restorePlaceholders(text: string, placeholders: readonly string[]): string {
  return text.replace(/\[\s*(\d+)\s*\]/g, (match, index: string) => placeholders[Number(index)] ?? match);
}

/** Languages the translator never fills in automatically (the source language). */
export function canAutoTranslate(language: string, namespace: string): boolean {
  return language !== 'en' && namespace.toLowerCase() !== 'descriptions';
}
