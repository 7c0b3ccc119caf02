import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorKeys, languages, translationNamespaces } from '@wms/contract';
import { loadConfig } from '../../config.js';

const translationsDir = loadConfig({}).translationsDir;

function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(translationsDir, language, `${namespace}.json`), 'utf8'));
}

function namespacesOf(language: string): string[] {
  return fs
    .readdirSync(path.join(translationsDir, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** The key of a plural form without its form (`printed_few` -> `printed`), or null. */
const pluralBaseOf = (key: string) => (pluralSuffix.test(key) ? key.replace(pluralSuffix, '') : null);
const pluralBases = (keys: string[]) => [...new Set(keys.map(pluralBaseOf).filter((base) => base !== null))];
const withoutPluralForms = (keys: string[]) =>
  [...new Set(keys.map((key) => (pluralBaseOf(key) === null ? key : `${pluralBaseOf(key)}_*`)))].sort();

describe('shipped translations', () => {
  it('ship the required namespaces for every language', () => {
    for (const language of languages)
      expect(namespacesOf(language)).toEqual(expect.arrayContaining([...translationNamespaces]));
  });

  it('translate every error key in every language', () => {
    for (const language of languages) {
      const errors = readNamespace(language, 'errors');
      const missing = errorKeys.filter((key) => typeof errors[key] !== 'string' || errors[key].trim() === '');
      expect(missing, `errors.json of ${language} lacks`).toEqual([]);
    }
  });

  it('have the same keys and placeholders in every language as in English', () => {
    for (const namespace of namespacesOf('en')) {
      const english = readNamespace('en', namespace);
      const englishKeys = leafKeys(english).sort();
      for (const language of languages) {
        expect(namespacesOf(language), `namespaces of ${language}`).toEqual(namespacesOf('en'));
        const other = readNamespace(language, namespace);
        const otherKeys = leafKeys(other).sort();
        // Plural keys (i18next: key_one, key_few, ...) come in the forms of each language.
        expect(withoutPluralForms(otherKeys), `${language}/${namespace}.json keys`).toEqual(
          withoutPluralForms(englishKeys),
        );
        const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
        for (const base of pluralBases(englishKeys)) {
          const present = otherKeys
            .filter((key) => pluralBaseOf(key) === base)
            .map((key) => key.slice(base.length + 1));
          expect(present.sort(), `${language}/${namespace}.json ${base} plural forms`).toEqual(forms);
        }
        for (const key of otherKeys) {
          const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
          const at = (tree: unknown, path: string) =>
            path.split('.').reduce<unknown>((node, part) => (node as never)[part], tree);
          const base = pluralBaseOf(key);
          const englishKey = base === null ? key : `${base}_other`;
          expect(placeholders(at(other, key)), `${language}/${namespace}.json ${key} placeholders`).toEqual(
            placeholders(at(english, englishKey)),
          );
        }
      }
    }
  });

  it('are not English copies in the other languages', () => {
    const english = readNamespace('en', 'errors');
    for (const language of languages.filter((l) => l !== 'en')) {
      const other = readNamespace(language, 'errors');
      const copied = Object.keys(english).filter((key) => other[key] === english[key]);
      expect(copied, `${language} errors copied from English`).toEqual([]);
    }
  });
});
