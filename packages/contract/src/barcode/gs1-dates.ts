/**
 * The dates and times of GS1 element strings (General Specifications 7.12 and the Syntax
 * Dictionary's yymmdd, yymmd0, yyyymmdd, hh, hhmi, mi and ss checks), as ISO 8601 text:
 * YYYY-MM-DD, YYYY-MM-DDThh, YYYY-MM-DDThh:mm, YYYY-MM-DDThh:mm:ss. null: not a real date.
 */

/** The date and time shapes of the date AIs (gs1-ai-table.ts). */
export type Gs1DateKind =
  /** YYMMDD (11-17, 4326, 7006). */
  | 'date'
  /** YYMMDDhhmm (7003, 4324, 4325). */
  | 'dateTime'
  /** YYMMDD[YYMMDD]: a day or a range of days, the second not before the first (7007). */
  | 'dateRange'
  /** YYMMDD[hhmm] (7011). */
  | 'dateOptionalTime'
  /** YYMMDDhh[mm[ss]] (8008). */
  | 'dateHour'
  /** YYYYMMDD (7250). */
  | 'fullDate'
  /** YYYYMMDDhhmm (7251). */
  | 'fullDateTime';

export const gs1DateKinds: ReadonlySet<string> = new Set<Gs1DateKind>([
  'date',
  'dateTime',
  'dateRange',
  'dateOptionalTime',
  'dateHour',
  'fullDate',
  'fullDateTime',
]);

/**
 * The full year of a two-digit year (General Specifications 7.12): the century that puts the
 * date between 49 years before and 50 years after the current year.
 */
export function expandYear(twoDigitYear: number, now: Date): number {
  const currentYear = now.getUTCFullYear();
  const currentCentury = Math.floor(currentYear / 100) * 100;
  const difference = twoDigitYear - (currentYear % 100);
  if (difference >= 51) return currentCentury - 100 + twoDigitYear;
  if (difference <= -50) return currentCentury + 100 + twoDigitYear;
  return currentCentury + twoDigitYear;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** Year, month and day as YYYY-MM-DD, or null. Day 00 (when allowed) is the month's last day. */
function isoDate(year: number, month: number, day: number, allowDayZero: boolean): string | null {
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  const real = day === 0 && allowDayZero ? lastDay : day;
  if (real < 1 || real > lastDay) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(real, 2)}`;
}

/** YYMMDD as YYYY-MM-DD, or null when not a date. Day 00 (when allowed) is the month's last day. */
export function gs1Date(raw: string, now: Date, allowDayZero: boolean): string | null {
  if (!/^[0-9]{6}$/.test(raw)) return null;
  return isoDate(
    expandYear(Number(raw.slice(0, 2)), now),
    Number(raw.slice(2, 4)),
    Number(raw.slice(4, 6)),
    allowDayZero,
  );
}

/** YYYYMMDD as YYYY-MM-DD, or null. */
function fullDate(raw: string): string | null {
  if (!/^[0-9]{8}$/.test(raw)) return null;
  return isoDate(Number(raw.slice(0, 4)), Number(raw.slice(4, 6)), Number(raw.slice(6, 8)), false);
}

/** hh, hhmm or hhmmss (00-23, 00-59, 00-59) as hh, hh:mm or hh:mm:ss, or null. */
function time(raw: string): string | null {
  if (!/^([0-9]{2}){1,3}$/.test(raw)) return null;
  const parts = raw.match(/[0-9]{2}/g) ?? [];
  const limits = [23, 59, 59];
  if (parts.some((part, index) => Number(part) > (limits[index] ?? 0))) return null;
  return parts.join(':');
}

const joined = (date: string | null, clock: string | null) =>
  date === null || clock === null ? null : `${date}T${clock}`;

/** The ISO text of a date AI's data, or null when it is not a real date (and time). */
export function gs1DateValue(kind: Gs1DateKind, raw: string, now: Date, allowDayZero: boolean): string | null {
  switch (kind) {
    case 'date':
      return raw.length === 6 ? gs1Date(raw, now, allowDayZero) : null;
    case 'dateTime':
      return raw.length === 10 ? joined(gs1Date(raw.slice(0, 6), now, allowDayZero), time(raw.slice(6))) : null;
    case 'dateRange': {
      const first = gs1Date(raw.slice(0, 6), now, false);
      if (raw.length === 6 || first === null) return first;
      const last = raw.length === 12 ? gs1Date(raw.slice(6), now, false) : null;
      return last !== null && last >= first ? `${first}/${last}` : null;
    }
    case 'dateOptionalTime': {
      const date = gs1Date(raw.slice(0, 6), now, false);
      if (raw.length === 6) return date;
      return raw.length === 10 ? joined(date, time(raw.slice(6))) : null;
    }
    case 'dateHour':
      return raw.length >= 8 ? joined(gs1Date(raw.slice(0, 6), now, false), time(raw.slice(6))) : null;
    case 'fullDate':
      return fullDate(raw);
    case 'fullDateTime':
      return raw.length === 12 ? joined(fullDate(raw.slice(0, 8)), time(raw.slice(8))) : null;
  }
}
