import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageOfFile, nestPatches, readShippedLanguage } from './translation-files.js';

describe('translation files', () => {
  it('maps file names to languages strictly', () => {
    expect(languageOfFile('en.json')).toBe('en');
    expect(languageOfFile('pl.json')).toBe('pl');
    expect(languageOfFile('fr.json')).toBeUndefined();
    expect(languageOfFile('../en.json')).toBeUndefined();
    expect(languageOfFile('toString')).toBeUndefined();
  });

  it('nests dot-separated patches, skipping paths that collide with a text', () => {
    expect(
      nestPatches([
        { path: 'common.save', value: 'Save' },
        { path: 'common.menu.open', value: 'Open' },
        { path: 'common.save.deep', value: 'ignored' },
        { path: 'errors.notFound', value: 'Gone' },
      ]),
    ).toEqual({ common: { save: 'Save', menu: { open: 'Open' } }, errors: { notFound: 'Gone' } });
  });

  it('merges the namespaces of a language and skips a broken file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-i18n-'));
    fs.mkdirSync(path.join(dir, 'de'));
    fs.writeFileSync(path.join(dir, 'de', 'common.json'), '{"save":"Speichern"}');
    fs.writeFileSync(path.join(dir, 'de', 'broken.json'), '{"save":');
    expect(readShippedLanguage(dir, 'de')).toEqual({ common: { save: 'Speichern' } });
    expect(readShippedLanguage(dir, 'nl')).toEqual({});
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
