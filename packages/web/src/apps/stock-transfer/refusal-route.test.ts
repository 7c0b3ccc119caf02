import { describe, expect, it } from 'vitest';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { refusalRoute } from './refusal-route.js';

const refused = (key: string, args: Record<string, unknown> = {}, status = 422) =>
  new StepFailure(`errors:${key}`, args, status);
const context = { fromCode: '01-A01-01', serial: false };

describe('refusalRoute', () => {
  it('asks the quantity again when the stock does not suffice (the item for a serial)', () => {
    expect(refusalRoute(refused('notEnoughAvailableStock'), context)).toBe('quantity');
    expect(refusalRoute(refused('notEnoughAvailableStock'), { ...context, serial: true })).toBe('item');
  });

  it('asks the item again for item rules', () => {
    for (const key of [
      'notEnoughSerialsAvailable',
      'itemIsNotAllowed',
      'canNotMoveQcAndNonQcInSameTransfer',
      'unknownBatch',
    ])
      expect(refusalRoute(refused(key), context)).toBe('item');
    expect(refusalRoute(refused('unknownItemForCode', {}, 404), context)).toBe('item');
  });

  it('asks the location the error names again', () => {
    expect(refusalRoute(refused('stockMovementsBlocked', { code: '01-a01-01' }), context)).toBe('from');
    expect(refusalRoute(refused('stockMovementRestricted', { code: '01-QC' }), context)).toBe('to');
    expect(refusalRoute(refused('unknownLocation', { code: 'X' }, 404), context)).toBe('to');
    expect(refusalRoute(refused('nothingToMove', { code: '01-A01-01' }), context)).toBe('from');
  });

  it('asks the target again for the target rules and anything else refused', () => {
    for (const key of [
      'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
      'canOnlyMoveQcItemsToEmptyLocations',
      'tooManyItemsInLiquidContainer',
      'tooManyItemsInSingleItemLocation',
      'sameSourceAndTarget',
      'requestForbidden',
    ])
      expect(refusalRoute(refused(key), context)).toBe('to');
  });

  it('stays (retry) when no answer is known', () => {
    expect(refusalRoute(refused('networkErrorTooManyRetries', {}, 0), context)).toBeNull();
    expect(refusalRoute(refused('internalServerError', {}, 500), context)).toBeNull();
    expect(refusalRoute(new Error('boom'), context)).toBeNull();
  });
});
