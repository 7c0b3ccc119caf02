import { languages } from '@wms/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nOptions } from '../../platform/i18n-options.js';
import { shippedI18n as instance, shippedResources as resources } from '../../platform/testing/shipped-translations.js';
import { stockMovementTypes } from '@wms/contract';
import { transactionTypeText } from './transaction-type.js';

describe('label messages count with i18next plurals (issue 14, item 26)', () => {
  const cases: Record<string, [number, string][]> = {
    en: [
      [1, '1 label printed on P'],
      [2, '2 labels printed on P'],
    ],
    nl: [
      [1, '1 etiket afgedrukt op P'],
      [3, '3 etiketten afgedrukt op P'],
    ],
    de: [
      [1, '1 Etikett auf P gedruckt'],
      [4, '4 Etiketten auf P gedruckt'],
    ],
    pl: [
      [1, 'Wydrukowano 1 etykietę na drukarce P'],
      [2, 'Wydrukowano 2 etykiety na drukarce P'],
      [5, 'Wydrukowano 5 etykiet na drukarce P'],
      [22, 'Wydrukowano 22 etykiety na drukarce P'],
      [25, 'Wydrukowano 25 etykiet na drukarce P'],
    ],
  };
  for (const [language, expected] of Object.entries(cases)) {
    it(`in ${language}`, async () => {
      const { t } = await instance(language);
      for (const [count, text] of expected) {
        expect(t('itemInfo:actions.print.printed', { count, printer: 'P' })).toBe(text);
        expect(t('objects:labelsPrinted', { count })).not.toMatch(/\(|err:/);
      }
    });
  }

  it('never says "1 labels" or "1 etiketten"', async () => {
    for (const language of languages) {
      const { t } = await instance(language);
      expect(t('itemInfo:actions.print.printed', { count: 1, printer: 'P' })).not.toMatch(
        /1 (labels|etiketten|Etiketten|etykiet )/,
      );
      expect(t('objects:labelsPrinted', { count: 1 })).not.toMatch(/1 (labels|etiketten|Etiketten|etykiet )/);
    }
  });
});

describe('transaction types (issue 14, item 26)', () => {
  let i18nextGlobal: typeof import('i18next').default;
  beforeAll(async () => {
    i18nextGlobal = (await import('i18next')).default;
    await i18nextGlobal.init({ ...i18nOptions(Object.keys(resources.en!)), postProcess: [], lng: 'nl', resources });
  });

  it('every movement type has its own text in every language', () => {
    for (const language of languages) {
      const texts = resources[language]!.objects!.transactionType as Record<string, string>;
      for (const type of stockMovementTypes) {
        expect(texts[type], `${language} ${type}`).toBeTruthy();
        expect(texts[type]).not.toBe(type);
      }
    }
  });

  it('shows the text of the language, and an unknown code as it is', async () => {
    await i18nextGlobal.changeLanguage('nl');
    const t = (key: string) => i18nextGlobal.t(key);
    expect(transactionTypeText(t, 'COUNT_ADJUSTMENT')).toBe('Telcorrectie');
    expect(transactionTypeText(t, 'TRANSFER')).toBe('Verplaatsing');
    await i18nextGlobal.changeLanguage('pl');
    expect(transactionTypeText(t, 'TRANSFER')).toBe('Przesunięcie');
    expect(transactionTypeText(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(transactionTypeText(t, null)).toBe('');
  });
});
