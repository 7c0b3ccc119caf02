import fs from 'node:fs';
import path from 'node:path';

/**
 * English texts of the error keys, read once from the shipped English errors namespace, so the
 * `message` of an error answer is readable by API clients. The web client shows its own
 * translation of `key`.
 */
export function loadErrorMessages(translationsDir: string): (key: string, args: Record<string, unknown>) => string {
  let texts: Record<string, string> = {};
  try {
    texts = JSON.parse(fs.readFileSync(path.join(translationsDir, 'en', 'errors.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    texts = {};
  }
  return (key, args) => {
    const text = texts[key] ?? key;
    return text.replace(/\{\{?(\w+)\}?\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
  };
}
