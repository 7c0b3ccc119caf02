import { readCompoundBarcode } from '@wms/contract';
import { go, hh, refuse } from '../outcomes.js';
import { stay, type Prompt, type Step } from '../types.js';

export interface FindDateStepConfig<S> {
  id: string;
  next: string;
  /** The format: YYYY (or yyyy), YY, MM, DD (or dd), HH, mm, ss; anything else is literal. */
  format: string;
  /** Stores the date (UTC) and its YYYY-MM-DD. */
  set(state: S, date: Date, isoDate: string): S;
  /** Also take the expiration date of a scanned GS1 barcode (default true). */
  fromBarcode?: boolean;
  prompt?(state: S): Prompt;
}

const tokens: Record<
  string,
  { part: 'year' | 'shortYear' | 'month' | 'day' | 'hour' | 'minute' | 'second'; digits: number }
> = {
  YYYY: { part: 'year', digits: 4 },
  yyyy: { part: 'year', digits: 4 },
  YY: { part: 'shortYear', digits: 2 },
  yy: { part: 'shortYear', digits: 2 },
  MM: { part: 'month', digits: 2 },
  DD: { part: 'day', digits: 2 },
  dd: { part: 'day', digits: 2 },
  HH: { part: 'hour', digits: 2 },
  mm: { part: 'minute', digits: 2 },
  ss: { part: 'second', digits: 2 },
};
const tokenPattern = /YYYY|yyyy|YY|yy|MM|DD|dd|HH|mm|ss/g;

/** A two-digit year in the century that puts it within 49 years before and 50 after now (the GS1 rule). */
export function expandShortYear(shortYear: number, now: Date): number {
  const current = now.getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + shortYear;
  if (year - current > 50) year -= 100;
  else if (current - year >= 50) year += 100;
  return year;
}

/** A text in the format, as a UTC date; null when it does not match or names no real date or time. */
export function parseDate(text: string, format: string, now: Date): Date | null {
  const parts: (typeof tokens)[string]['part'][] = [];
  let source = '^';
  let last = 0;
  for (const match of format.matchAll(tokenPattern)) {
    source += format.slice(last, match.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const token = tokens[match[0]]!;
    source += `(\\d{${token.digits}})`;
    parts.push(token.part);
    last = match.index + match[0].length;
  }
  source += `${format.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const match = new RegExp(source).exec(text);
  if (!match) return null;
  const value = { year: now.getUTCFullYear(), month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  parts.forEach((part, index) => {
    const number = Number(match[index + 1]);
    if (part === 'shortYear') value.year = expandShortYear(number, now);
    else value[part] = number;
  });
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second));
  const real =
    date.getUTCFullYear() === value.year &&
    date.getUTCMonth() === value.month - 1 &&
    date.getUTCDate() === value.day &&
    date.getUTCHours() === value.hour &&
    date.getUTCMinutes() === value.minute &&
    date.getUTCSeconds() === value.second;
  return real ? date : null;
}

/** Find date: a date in the given format, parsed in UTC; else misc.incorrectFormat {format}. */
export function findDateStep<S>(config: FindDateStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.date', { format: config.format }),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      let date = parseDate(text, config.format, env.now());
      if (!date && (config.fromBarcode ?? true)) {
        const { readings, refusal } = readCompoundBarcode(text, env.now());
        // GS1 that breaks a rule (an impossible date, an invalid pair) is refused with its key.
        if (refusal) return refuse(state, refusal.key, refusal.args);
        const expiration = readings.find((reading) => reading.expirationDate)?.expirationDate;
        if (expiration) date = parseDate(expiration, 'YYYY-MM-DD', env.now());
      }
      if (!date) return refuse(state, 'misc.incorrectFormat', { format: config.format, value: text });
      return go(config.set(state, date, date.toISOString().slice(0, 10)), config.next);
    },
  };
}
