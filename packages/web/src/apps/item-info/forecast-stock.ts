import { fromThousandths, toThousandths, type DocumentDirection } from '@wms/contract';

/** What the forecast needs of an open document line. */
export interface ForecastDocument {
  direction: DocumentDirection;
  openQuantity: number;
  /** YYYY-MM-DD or an ISO date-time; null when the document has no date. */
  shipDate: string | null;
}

export interface ForecastInput {
  /** On-hand quantities of the item's stock rows. */
  onHand: readonly number[];
  documents: readonly ForecastDocument[];
  /** The first day of the forecast, YYYY-MM-DD (the local date of today). */
  today: string;
}

/** The projected stock at the end of one day. */
export interface ForecastPoint {
  date: string;
  quantity: number;
}

/** The forecast runs at least this many days past its last change, so the last step is visible. */
export const forecastTailDays = 7;
/** And at most this many days: later documents count on the last day. */
export const forecastMaxDays = 730;

const dayMs = 24 * 60 * 60 * 1000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})/;

function dayNumber(date: string): number | null {
  const match = datePattern.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time / dayMs;
}

function dateOf(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The local date as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The item's projected stock per day (the stock-level forecast): today's on-hand
 * plus the open documents, IN adding and OUT subtracting their open quantity on their ship date.
 * A document without a date, or with a date in the past, counts today. One point per day from
 * today until {@link forecastTailDays} after the last change (at most {@link forecastMaxDays}
 * days). Exact: summed in integer thousandths.
 */
export function forecastStock(input: ForecastInput): ForecastPoint[] {
  const first = dayNumber(input.today);
  if (first === null) throw new RangeError(`forecastStock: today is not a date: ${input.today}`);
  const lastAllowed = first + forecastMaxDays - 1;
  const changes = new Map<number, number>();
  let lastChange = first;
  for (const document of input.documents) {
    const due = document.shipDate === null ? null : dayNumber(document.shipDate);
    const day = Math.min(lastAllowed, due === null || due < first ? first : due);
    const amount = toThousandths(document.openQuantity);
    changes.set(day, (changes.get(day) ?? 0) + (document.direction === 'IN' ? amount : -amount));
    lastChange = Math.max(lastChange, day);
  }
  const last = Math.min(lastAllowed, lastChange + forecastTailDays);
  let stock = input.onHand.reduce((sum, quantity) => sum + toThousandths(quantity), 0);
  const points: ForecastPoint[] = [];
  for (let day = first; day <= last; day += 1) {
    stock += changes.get(day) ?? 0;
    points.push({ date: dateOf(day), quantity: fromThousandths(stock) });
  }
  return points;
}

/** Minimum and maximum stock: sums over the default locations that have them; null when none has. */
export function stockLevels(rows: readonly { minStock: number | null; maxStock: number | null }[]): {
  minStock: number | null;
  maxStock: number | null;
} {
  const sum = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length ? fromThousandths(present.reduce((total, value) => total + toThousandths(value), 0)) : null;
  };
  return { minStock: sum(rows.map((row) => row.minStock)), maxStock: sum(rows.map((row) => row.maxStock)) };
}
