import fs from 'node:fs';
import path from 'node:path';
import { languageFiles, languages, type Language, type TranslationTree } from '@wms/contract';

/** The language of a file name such as `nl.json`, or undefined when it is not one of ours. */
export function languageOfFile(file: string): Language | undefined {
  return languages.find((language) => languageFiles[language] === file);
}

export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

/**
 * Reads the shipped namespaces of a language (`<dir>/<language>/<namespace>.json`) into one
 * object keyed by namespace. A namespace file that does not parse is skipped, not fatal.
 */
export function readShippedLanguage(translationsDir: string, language: Language): TranslationTree {
  const folder = path.join(translationsDir, language);
  const merged: TranslationTree = {};
  let files: string[];
  try {
    files = fs.readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return merged;
  }
  for (const name of files.sort()) {
    try {
      const content: unknown = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'));
      if (content && typeof content === 'object' && !Array.isArray(content)) {
        merged[name.slice(0, -'.json'.length)] = content as TranslationTree;
      }
    } catch {
      // An unreadable namespace is left out; the client shows `err: {key}` for its keys.
    }
  }
  return merged;
}

/** Builds a nested object from dot-separated paths; a path that collides with a text is skipped. */
export function nestPatches(patches: readonly { path: string; value: string }[]): TranslationTree {
  const root: TranslationTree = {};
  for (const { path: dotted, value } of patches) {
    const parts = dotted.split('.');
    const leaf = parts.pop();
    if (leaf === undefined) continue;
    let node: TranslationTree | undefined = root;
    for (const part of parts) {
      const next: string | TranslationTree = node[part] ?? {};
      if (typeof next === 'string') {
        node = undefined;
        break;
      }
      node[part] = next;
      node = next;
    }
    if (node && typeof node[leaf] !== 'object') node[leaf] = value;
  }
  return root;
}
