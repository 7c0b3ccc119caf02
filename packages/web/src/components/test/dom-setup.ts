/**
 * Setup of the `web-dom` test project (jsdom): i18next with the English texts of the shipped
 * namespace files (the same options as the app), and a DOM cleanup after every test.
 */
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { i18nOptions } from '../../platform/i18n-options.js';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../i18n/en/*.json', { eager: true });
const resources: Record<string, Record<string, unknown>> = {};
for (const [path, module] of Object.entries(files)) {
  const namespace = /([^/]+)\.json$/.exec(path)![1]!;
  resources[namespace] = module.default;
}

await i18next
  .use(initReactI18next)
  .init({ ...i18nOptions(Object.keys(resources)), postProcess: [], lng: 'en', resources: { en: resources } });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
