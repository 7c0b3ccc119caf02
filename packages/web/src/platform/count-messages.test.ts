import { describe, expect, it } from 'vitest';
import { shippedI18n as instance, shippedResources as resources } from './testing/shipped-translations.js';

/** Messages that count something: one of it is singular, more are plural (i18next plurals). */
const messages: { key: string; args: Record<string, unknown>; one: string; two: string }[] = [
  { key: 'wallToWall:saved.posted', args: { location: 'L' }, one: '(1 stock row)', two: '(2 stock rows)' },
  { key: 'wallToWall:request.done', args: { alreadyFlagged: 0 }, one: 'for 1 location (', two: 'for 2 locations (' },
  { key: 'wallToWallBatch:flushed', args: { list: 'CL' }, one: '1 location posted', two: '2 locations posted' },
  {
    key: 'countingListCreator:flushed',
    args: { list: 'CL', excluded: 0 },
    one: '1 location posted',
    two: '2 locations posted',
  },
  { key: 'recounting:flushed.POSTED', args: { document: 'R' }, one: '(1 line)', two: '(2 lines)' },
  { key: 'recounting:reviewed', args: { document: 'R' }, one: '(1 line)', two: '(2 lines)' },
  { key: 'stockTransfer:confirmDropLines', args: {}, one: '1 collected line?', two: '2 collected lines?' },
  { key: 'stockPicking:finish.openLines', args: {}, one: '1 line is still open', two: '2 lines are still open' },
  { key: 'production:flushed', args: {}, one: '1 work time entry booked', two: '2 work time entries booked' },
  { key: 'goodsReceipt:finish.openLines', args: { source: 'PO' }, one: '1 line stays open', two: '2 lines stay open' },
  { key: 'goodsReturns:flush.entries', args: {}, one: '1 saved entry goes', two: '2 saved entries go' },
  {
    key: 'deliveryDispatch:load.summary',
    args: { dock: 'D', route: 'R' },
    one: '1 container loaded',
    two: '2 containers loaded',
  },
  { key: 'multiAddressDelivery:summary', args: { picklist: 'P' }, one: ': 1 address', two: ': 2 addresses' },
  { key: 'goodsReceipt:list.openQuantity', args: { quantity: 5, date: '' }, one: 'on 1 line', two: 'on 2 lines' },
  { key: 'packingSlip:found', args: { delivery: 'D', customer: 'C' }, one: '1 container', two: '2 containers' },
  { key: 'packAndDelivery:list.row', args: { shipDate: '-' }, one: '1 container', two: '2 containers' },
];

const endingWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`);

describe('messages that count say one in the singular', () => {
  it('in English', async () => {
    const { t } = await instance('en');
    for (const { key, args, one, two } of messages) {
      // The expected words end there: '1 address' is not '1 addresses'.
      expect(t(key, { ...args, count: 1 }), key).toMatch(endingWith(one));
      expect(t(key, { ...args, count: 2 }), key).toMatch(endingWith(two));
    }
  });

  it('in Polish, with its few and many forms', async () => {
    const { t } = await instance('pl');
    const posted = (count: number) => t('wallToWall:saved.posted', { location: 'L', count });
    expect(posted(1)).toContain('(1 wiersz zapasu)');
    expect(posted(3)).toContain('(3 wiersze zapasu)');
    expect(posted(5)).toContain('(5 wierszy zapasu)');
    const dropped = (count: number) => t('stockTransfer:confirmDropLines', { count });
    expect([dropped(1), dropped(2), dropped(12)]).toEqual([
      'Odrzucić 1 zebraną pozycję?',
      'Odrzucić 2 zebrane pozycje?',
      'Odrzucić 12 zebranych pozycji?',
    ]);
  });

  it('in every language, never with a missing text', async () => {
    for (const language of Object.keys(resources)) {
      const { t } = await instance(language);
      for (const { key, args } of messages)
        for (const count of [1, 2, 5]) expect(t(key, { ...args, count }), `${language} ${key}`).not.toMatch(/err:|\{/);
    }
  });
});
