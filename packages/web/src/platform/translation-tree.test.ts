import { describe, expect, it } from 'vitest';
import {
  canAutoTranslate,
  maskPlaceholders,
  mergeTranslations,
  missingKeyText,
  restorePlaceholders,
  textAt,
} from './translation-tree.js';
import { readTranslateAnswer } from './auto-translate.js';

describe('translation patches', () => {
  it('are deep-merged over the shipped texts', () => {
    const shipped = { common: { save: 'Save', languages: { en: 'English', nl: 'Dutch' } }, errors: { x: 'X' } };
    const patch = { common: { save: 'Store', languages: { nl: 'Nederlands' } }, extra: { y: 'Y' } };
    expect(mergeTranslations(shipped, patch)).toEqual({
      common: { save: 'Store', languages: { en: 'English', nl: 'Nederlands' } },
      errors: { x: 'X' },
      extra: { y: 'Y' },
    });
    expect(shipped.common.save).toBe('Save');
  });

  it('that are not objects count as none', () => {
    const shipped = { common: { save: 'Save' } };
    expect(mergeTranslations(shipped, null)).toEqual(shipped);
    expect(mergeTranslations(shipped, 'oops')).toEqual(shipped);
    expect(mergeTranslations(shipped, [1])).toEqual(shipped);
  });

  it('finds a text by its dotted path', () => {
    const tree = { common: { languages: { nl: 'Dutch' } } };
    expect(textAt(tree, 'common.languages.nl')).toBe('Dutch');
    expect(textAt(tree, 'common.languages')).toBeNull();
    expect(textAt(tree, 'common.missing.deep')).toBeNull();
  });
});

describe('missing keys', () => {
  it('show err: and the key', () => {
    expect(missingKeyText('someKey')).toBe('err: someKey');
  });
});

describe('auto-translate', () => {
  it('masks {placeholders} and restores them, also in alternatives', () => {
    const { masked, placeholders } = maskPlaceholders('Hello {name}, you have {count} tasks');
    expect(masked).toBe('Hello [0], you have [1] tasks');
    expect(placeholders).toEqual(['{name}', '{count}']);
    expect(restorePlaceholders('Hallo [0], je hebt [ 1 ] taken', placeholders)).toBe(
      'Hallo {name}, je hebt {count} taken',
    );
    expect(readTranslateAnswer({ translatedText: 'Hallo [0]', alternatives: ['Hoi [0]', 3] }, ['{name}'])).toEqual({
      text: 'Hallo {name}',
      alternatives: ['Hoi {name}'],
    });
    expect(() => readTranslateAnswer({}, [])).toThrow();
  });

  it('is never offered for English or the Descriptions namespace', () => {
    expect(canAutoTranslate('en', 'common')).toBe(false);
    expect(canAutoTranslate('nl', 'Descriptions')).toBe(false);
    expect(canAutoTranslate('nl', 'common')).toBe(true);
    expect(canAutoTranslate('pl', 'errors')).toBe(true);
  });
});
