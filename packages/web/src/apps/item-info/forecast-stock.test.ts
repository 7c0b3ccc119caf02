import { describe, expect, it } from 'vitest';
import { forecastMaxDays, forecastStock, forecastTailDays, localToday, stockLevels } from './forecast-stock.js';

const today = '2025-03-30';

describe('forecastStock', () => {
  it('starts at the summed on-hand and steps on each ship date', () => {
    const points = forecastStock({
      onHand: [500, 48, 6],
      documents: [
        { direction: 'IN', openQuantity: 1000, shipDate: '2025-04-04' },
        { direction: 'OUT', openQuantity: 120, shipDate: '2025-04-01' },
        { direction: 'OUT', openQuantity: 250, shipDate: '2025-04-06' },
      ],
      today,
    });
    expect(points[0]).toEqual({ date: '2025-03-30', quantity: 554 });
    const on = (date: string) => points.find((point) => point.date === date)?.quantity;
    expect(on('2025-03-31')).toBe(554);
    expect(on('2025-04-01')).toBe(434);
    expect(on('2025-04-03')).toBe(434);
    expect(on('2025-04-04')).toBe(1434);
    expect(on('2025-04-06')).toBe(1184);
    // One point per day (across the DST change and the month end), ending a week after the last change.
    expect(points).toHaveLength(8 + forecastTailDays);
    expect(points.at(-1)).toEqual({ date: '2025-04-13', quantity: 1184 });
  });

  it('counts documents without a date or in the past today', () => {
    const points = forecastStock({
      onHand: [10],
      documents: [
        { direction: 'OUT', openQuantity: 3, shipDate: null },
        { direction: 'IN', openQuantity: 5, shipDate: '2024-12-01' },
        { direction: 'OUT', openQuantity: 1, shipDate: '2025-03-30T15:00:00.000Z' },
      ],
      today,
    });
    expect(points[0]).toEqual({ date: today, quantity: 11 });
    expect(points).toHaveLength(1 + forecastTailDays);
  });

  it('is exact in thousandths where float sums drift', () => {
    const points = forecastStock({
      onHand: [0.1, 0.2],
      documents: [{ direction: 'OUT', openQuantity: 0.3, shipDate: '2025-03-31' }],
      today,
    });
    expect(points[0]!.quantity).toBe(0.3);
    expect(points[1]!.quantity).toBe(0);
  });

  it('may go below zero: a shortage shows', () => {
    const points = forecastStock({
      onHand: [],
      documents: [{ direction: 'OUT', openQuantity: 4.5, shipDate: today }],
      today,
    });
    expect(points[0]!.quantity).toBe(-4.5);
  });

  it('stops after the longest horizon; later documents count on its last day', () => {
    const points = forecastStock({
      onHand: [1],
      documents: [{ direction: 'IN', openQuantity: 2, shipDate: '2040-01-01' }],
      today,
    });
    expect(points).toHaveLength(forecastMaxDays);
    expect(points.at(-2)!.quantity).toBe(1);
    expect(points.at(-1)!.quantity).toBe(3);
  });

  it('refuses a today that is no date', () => {
    expect(() => forecastStock({ onHand: [], documents: [], today: 'now' })).toThrow(RangeError);
  });
});

describe('stockLevels', () => {
  it('sums minimum and maximum over the rows that have them', () => {
    expect(
      stockLevels([
        { minStock: 10, maxStock: 100 },
        { minStock: null, maxStock: null },
        { minStock: 0.1, maxStock: 2000.2 },
      ]),
    ).toEqual({ minStock: 10.1, maxStock: 2100.2 });
  });

  it('gives null for a level no row has', () => {
    expect(stockLevels([{ minStock: 5, maxStock: null }])).toEqual({ minStock: 5, maxStock: null });
    expect(stockLevels([])).toEqual({ minStock: null, maxStock: null });
  });
});

describe('localToday', () => {
  it('is the local calendar date', () => {
    expect(localToday(new Date(2025, 0, 2, 23, 30))).toBe('2025-01-02');
  });
});
