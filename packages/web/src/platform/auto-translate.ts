import { maskPlaceholders, restorePlaceholders } from './translation-tree.js';

/**
 * Auto-translate through a LibreTranslate-compatible service: POST {url}/translate
 * {q, source, target, format: 'text', alternatives: 3} -> {translatedText, alternatives}.
 * The config API has no field for the service, so its base URL is read from
 * localStorage['wms.translateUrl'] (e.g. https://libretranslate.example.com; its origin must be in
 * the server's CSP_CONNECT_SRC, or the Content-Security-Policy blocks the call). {placeholders}
 * are masked before sending and restored in the answer.
 */
export const translateUrlKey = 'wms.translateUrl';

export function translateUrl(): string | null {
  try {
    const url = localStorage.getItem(translateUrlKey)?.trim();
    return url ? url.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

export interface AutoTranslation {
  text: string;
  alternatives: string[];
}

export function readTranslateAnswer(body: unknown, placeholders: readonly string[]): AutoTranslation {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof record.translatedText !== 'string') throw new Error('The translation service gave no translatedText');
  const alternatives = Array.isArray(record.alternatives)
    ? record.alternatives.filter((item): item is string => typeof item === 'string')
    : [];
  return {
    text: restorePlaceholders(record.translatedText, placeholders),
    alternatives: alternatives.map((item) => restorePlaceholders(item, placeholders)),
  };
}

export async function autoTranslate(text: string, source: string, target: string): Promise<AutoTranslation> {
  const url = translateUrl();
  if (!url) throw new Error('No translation service configured');
  const { masked, placeholders } = maskPlaceholders(text);
  const response = await fetch(`${url}/translate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ q: masked, source, target, format: 'text', alternatives: 3 }),
  });
  if (!response.ok) throw new Error(`The translation service answered ${response.status}`);
  return readTranslateAnswer(await response.json(), placeholders);
}
