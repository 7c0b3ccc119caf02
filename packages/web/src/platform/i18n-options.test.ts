import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions, keyTracker } from './i18n-options.js';
import { findTranslationRef } from './translation-keys.js';

async function instance() {
  const i18n = createInstance().use(keyTracker);
  await i18n.init({
    ...i18nOptions(['common', 'platform']),
    lng: 'nl',
    resources: {
      nl: { common: { save: 'Opslaan' }, platform: { causePosition: 'Oorzaak {index} van {count}' } },
      en: { common: { save: 'Save', onlyEnglish: 'Only English' } },
    },
  });
  return i18n;
}

describe('i18next as the app sets it up', () => {
  it('fills single-brace placeholders', async () => {
    const i18n = await instance();
    expect(i18n.t('platform:causePosition', { index: 1, count: 3 })).toBe('Oorzaak 1 van 3');
    expect(i18n.t('save')).toBe('Opslaan');
  });

  it('shows err: <key> for a missing key, never another language', async () => {
    const i18n = await instance();
    expect(i18n.t('common:doesNotExist')).toBe('err: doesNotExist');
    expect(i18n.t('onlyEnglish')).toBe('err: onlyEnglish');
    expect(i18n.getFixedT(null, 'platform')('nothing')).toBe('err: nothing');
  });

  it('records which key a shown text came from', async () => {
    const i18n = await instance();
    i18n.t('platform:causePosition', { index: 2, count: 9 });
    expect(findTranslationRef(['Oorzaak 2 van 9'])).toEqual({
      namespace: 'platform',
      key: 'causePosition',
      args: { index: 2, count: 9 },
    });
    i18n.getFixedT(null, 'platform')('nothing');
    expect(findTranslationRef(['  err: nothing '])).toMatchObject({ namespace: 'platform', key: 'nothing' });
  });
});
