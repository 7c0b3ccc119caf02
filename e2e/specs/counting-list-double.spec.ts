import {
  configEndpoints,
  countingEndpoints,
  countingListEndpoints,
  itemEndpoints,
  stockTransferEndpoints,
  userEndpoints,
  wallToWallBatchEndpoints,
  type CountingListProgressAnswer,
  type CountingListSummary,
} from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { startBuiltServer, type ServerProcess } from '../server-process.js';
import { burst, notification, openHandheldApp, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, passwordOf, submitLogin, waitSignedIn } from './login-support.js';

/**
 * A double count by two users in two browser contexts (PROCESSES.md 4.3; issue 20), on a server
 * of its own: the operation mode WALL_TO_WALL_BATCHING_MODE hides quantities everywhere and would
 * disturb the specs sharing the global server. The admin switches the mode, adds a second counter
 * and makes a DOUBLE_COUNTING_ALL list of 01-CNT-01 (the counting demo data: 40 COUNT-DEMO-01 and
 * 15 COUNT-DEMO-02). At 360x640 with keyboard-wedge scans:
 * - the operator starts the list (the freeze) and counts blind 40 and 14, after a location and an
 *   item that are refused at their scans and change nothing;
 * - the operator's count 2 is refused (secondCountMustBeOtherUser) at the scan of the list, which
 *   starts round 2 (on the process screen the operator's own latest count is a draft: scanning its
 *   location again re-counts count 1, it never gives count 2);
 * - the second counter takes the list over and counts the same in a burst of scans: agreed.
 * The admin flushes in /counting_list_creator (1280x800): ONE COUNT_ADJUSTMENT of -1 COUNT-DEMO-02,
 * none of COUNT-DEMO-01, and the location moves again.
 */
const location = '01-CNT-01';
const tied = 'COUNT-DEMO-01';
const clamp = 'COUNT-DEMO-02';
const counter2 = 'e2e-counter2';
const desktop = { width: 1280, height: 800 };

interface LedgerRow {
  transactionType: string;
  bin: string;
  quantity: number;
}

describe('counting list: a double count by two users (WALL_TO_WALL_BATCHING_MODE)', () => {
  let browser: Browser;
  let server: ServerProcess;
  let admin: ApiSession;
  let list = '';

  const progress = async (): Promise<CountingListProgressAnswer> => {
    const answer = await admin.api(wallToWallBatchEndpoints.progress, { query: { list } });
    expect(answer.status).toBe(200);
    return answer.body as CountingListProgressAnswer;
  };
  const onHand = async (item: string): Promise<number> => {
    const answer = await admin.api(itemEndpoints.binLocations, { params: { code: item } });
    expect(answer.status).toBe(200);
    return (answer.body as { binLocation: { code: string }; onHandQty: number }[])
      .filter((row) => row.binLocation.code === location)
      .reduce((sum, row) => sum + row.onHandQty, 0);
  };
  const adjustments = async (item: string): Promise<LedgerRow[]> => {
    const answer = await admin.api(itemEndpoints.history, { params: { code: item }, query: {} });
    expect(answer.status).toBe(200);
    return (answer.body as { rows: LedgerRow[] }).rows.filter(
      (row) => row.transactionType === 'COUNT_ADJUSTMENT' && row.bin === location,
    );
  };
  /** The answer to a transfer of one COUNT-DEMO-01 out of the location (validateRequest: checked, nothing moved). */
  const transferCheck = () =>
    admin.api(stockTransferEndpoints.validate, {
      body: { lines: [{ fromLocation: location, item: tied, quantity: 1 }], toLocation: '01-CNT-03' },
    });
  /** The counted lines on the screen: item and quantity per row (the demo items have no unit). */
  const countedLines = (page: Page) =>
    page
      .getByTestId('w2w-line')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()).join(' ')),
      );
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  // A server of its own, seeded while another spec file's Chromium runs: more than the default hook time.
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startBuiltServer()]);
    admin = await ApiSession.signIn(server.baseUrl, server.version, 'admin');
    const current = await admin.api(configEndpoints.settings);
    expect(current.status).toBe(200);
    const { version, settings } = current.body as { version: number; settings: { enabledExtensions: string[] } };
    // The demo enables the extension /wall_to_wall_batch needs; only the operation mode changes.
    expect(settings.enabledExtensions).toContain('wallToWall');
    const switched = await admin.api(configEndpoints.updateSettings, {
      body: { version, settings: { operationMode: 'WALL_TO_WALL_BATCHING_MODE' } },
    });
    expect(switched.status).toBe(200);
    // The operator counts (demo role counting); a second counter with the same rights, no more.
    const created = await admin.api(userEndpoints.create, {
      body: { username: counter2, password: passwordOf(counter2), roles: ['information', 'counting'] },
    });
    expect(created.status).toBe(201);
    expect([await onHand(tied), await onHand(clamp)]).toEqual([40, 15]);
    const made = await admin.api(countingListEndpoints.create, {
      body: {
        idempotencyKey: 'e2e-counting-list-double',
        filter: { warehouse: '01', fromCode: location, toCode: location, withStock: true },
        maxLocationsPerList: 10,
        countingType: 'DOUBLE_COUNTING_ALL',
      },
    });
    expect(made.status).toBe(200);
    const lists = (made.body as { lists: { code: string; locations: number }[] }).lists;
    expect(lists).toEqual([expect.objectContaining({ locations: 1 })]);
    list = lists[0]!.code;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  // Three browser contexts in one story: more than the default test time on two busy cores.
  it('counts 01-CNT-01 twice by two users: the same user is refused count 2, agreeing counts post one adjustment', async () => {
    const countPrompt = (lines: number) => `Count ${location}: scan an item, batch or serial (${lines} counted)`;

    // User A, the operator: starts the list (its claim and the freeze) and counts blind.
    const a = await openHandheldApp(browser, server.baseUrl, '/wall_to_wall_batch', 'wall-to-wall-batch', phone);
    await prompt(a.page, 'Scan or choose a counting list');
    await a.page.getByTestId(`w2wb-list-${list}`).filter({ hasText: '0 of 1 agreed · round 1' }).waitFor();
    expect((await transferCheck()).status).toBe(200);
    await scan(a.page, list, 'Scan a location to count');
    await a.page.getByTestId(`w2wb-location-${location}`).filter({ hasText: 'Not counted' }).waitFor();
    const frozen = await transferCheck();
    expect(frozen.status).toBe(422);
    expect(frozen.body).toMatchObject({ key: 'locationIsBeingCounted', args: { location } });

    // A location of no list is told at its scan, and the step stays.
    await scan(a.page, '01-CNT-03');
    await notification(a.page, `Location 01-CNT-03 is not in counting list ${list}.`, 'danger');
    await prompt(a.page, 'Scan a location to count');
    await scan(a.page, location, countPrompt(0));
    // Blind: the screen shows nothing of what the system holds.
    const screen = (await a.page.getByTestId('wall-to-wall-batch-process').textContent()) ?? '';
    expect(screen.replaceAll(list, '')).not.toMatch(/\b(15|40|55)\b/);
    await scan(a.page, tied, new RegExp(`How many ${tied}`));
    await scan(a.page, '40', countPrompt(1));
    // An unknown item is told at its scan and counts nothing.
    await scan(a.page, 'NO-SUCH-ITEM-42');
    await notification(a.page, 'No item found for code NO-SUCH-ITEM-42.', 'danger');
    await prompt(a.page, countPrompt(1));
    await scan(a.page, clamp, new RegExp(`How many ${clamp}`));
    await scan(a.page, '14', countPrompt(2));
    expect(await countedLines(a.page)).toEqual([`${tied} 40`, `${clamp} 14`]);
    expect(await overflow(a.page)).toBeLessThanOrEqual(0);
    await a.page.screenshot({ path: screenshotPath('counting-list-double-a-360x640') });
    // Nothing is saved before "location done".
    expect((await progress()).locations[0]).toMatchObject({ code: location, state: 'PENDING', counts: 0 });
    await a.page.getByTestId('w2w-done').click();
    await prompt(a.page, 'Scan a location to count');
    await notification(a.page, `${location} saved (count 1).`, 'success');
    await a.page.getByTestId(`w2wb-location-${location}`).filter({ hasText: 'Count 1' }).waitFor();
    const afterCount1 = await progress();
    expect(afterCount1.list).toMatchObject({ status: 'SECOND_COUNT', round: 2, claimedBy: 'operator' });
    expect(afterCount1.locations[0]).toMatchObject({ state: 'COUNTED_1', counts: 1, counters: ['operator'] });

    // Count 2 by the same user: refused at the scan of the list, nothing changed.
    await a.page.getByTestId('handheld-back').click();
    await prompt(a.page, 'Scan or choose a counting list');
    await a.page.getByTestId(`w2wb-list-${list}`).filter({ hasText: 'round 2 · claimed by operator' }).waitFor();
    await scan(a.page, list);
    await notification(
      a.page,
      `You counted ${location} before: the next count must be done by another user.`,
      'danger',
    );
    await prompt(a.page, 'Scan or choose a counting list');
    expect(await progress()).toEqual(afterCount1);
    expect([await onHand(tied), await onHand(clamp)]).toEqual([40, 15]);

    // User B, the second counter in a browser context of its own: takes the list over, counts the same.
    const b = await openHandheldApp(
      browser,
      server.baseUrl,
      '/wall_to_wall_batch',
      'wall-to-wall-batch',
      phone,
      counter2,
    );
    await prompt(b.page, 'Scan or choose a counting list');
    await b.page.getByTestId(`w2wb-list-${list}`).filter({ hasText: 'claimed by operator' }).waitFor();
    await scan(b.page, list, 'Scan a location to count');
    await b.page.getByTestId(`w2wb-location-${location}`).filter({ hasText: 'Count 1' }).waitFor();
    await scan(b.page, location, countPrompt(0));
    // A burst of wedge scans: item, quantity, item, quantity, counted in order.
    const input = b.page.getByTestId('scanner-input');
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await burst(b.page, [tied, '40', clamp, '14']);
    await prompt(b.page, countPrompt(2));
    expect(await countedLines(b.page)).toEqual([`${tied} 40`, `${clamp} 14`]);
    await b.page.getByTestId('w2w-done').click();
    await prompt(b.page, 'Scan a location to count');
    await notification(b.page, `${location} saved (count 2).`, 'success');
    await b.page.getByTestId(`w2wb-location-${location}`).filter({ hasText: 'Agreed' }).waitFor();
    await b.page.getByTestId('w2wb-summary').filter({ hasText: '1 of 1 agreed' }).waitFor();
    expect(await overflow(b.page)).toBeLessThanOrEqual(0);
    await b.page.screenshot({ path: screenshotPath('counting-list-double-b-360x640') });
    // A's list screen follows live: the list is agreed, claimed by B.
    await a.page
      .getByTestId(`w2wb-list-${list}`)
      .filter({ hasText: `1 of 1 agreed · claimed by ${counter2}` })
      .waitFor();

    // The manager's view: counted twice and agreeing; the variance is the one unit.
    const agreed = await progress();
    expect(agreed.list).toMatchObject({ status: 'READY', round: null, claimedBy: counter2 });
    expect(agreed.locations).toEqual([
      expect.objectContaining({ code: location, state: 'AGREED', counts: 2, counters: ['operator', counter2] }),
    ]);
    const variance = await admin.api(countingListEndpoints.variance, { params: { list } });
    expect(variance.status).toBe(200);
    const rows = (variance.body as { rows: { item: string; difference: number }[] }).rows;
    expect(rows.filter((row) => row.difference !== 0)).toEqual([
      expect.objectContaining({ item: clamp, counted: 14, system: 15, difference: -1 }),
    ]);
    expect(await adjustments(clamp)).toEqual([]);

    // The admin flushes in /counting_list_creator on a desktop.
    const desk = await openLogin(browser, server.baseUrl, {
      viewport: desktop,
      path: '/counting_list_creator',
      deviceConfig: { deviceName: '' },
    });
    desk.page.setDefaultTimeout(10_000);
    await submitLogin(desk.page, 'admin', 'admin');
    await waitSignedIn(desk.page);
    const row = desk.page.getByTestId(`cl-row-${list}`);
    await row.filter({ hasText: '1 of 1 agreed' }).waitFor();
    await desk.page.getByTestId(`cl-flush-${list}`).click();
    await desk.page.getByTestId('cl-flush-all-agreed').waitFor();
    await desk.page.getByTestId('cl-flush-confirm').click();
    await desk.page
      .getByTestId('cl-message')
      .filter({ hasText: `${list} flushed: 1 location posted, 0 excluded.` })
      .waitFor();
    await row.filter({ hasText: 'Flushed' }).waitFor();

    // One COUNT_ADJUSTMENT of the difference, none for the item counted right; the location moves again.
    const posted = await adjustments(clamp);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ quantity: -1 });
    expect(await adjustments(tied)).toEqual([]);
    expect([await onHand(tied), await onHand(clamp)]).toEqual([40, 14]);
    const counted = await admin.api(countingEndpoints.history, { query: { location } });
    expect(counted.status).toBe(200);
    const history = (counted.body as { rows: { item: string; source: string; document: string | null }[] }).rows;
    expect(history.filter((entry) => entry.document === list)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: clamp, counted: 14, onHand: 15, difference: -1, source: 'COUNTING_LIST' }),
        expect.objectContaining({ item: tied, counted: 40, difference: 0, source: 'COUNTING_LIST' }),
      ]),
    );
    expect((await transferCheck()).status).toBe(200);
    const lists = await admin.api(countingListEndpoints.list);
    const flushed = (lists.body as { lists: CountingListSummary[] }).lists.find((entry) => entry.code === list);
    expect(flushed).toMatchObject({ status: 'FLUSHED', claimedBy: null });
    // Gone from the handhelds' open lists.
    await b.page.goto(`${server.baseUrl}/wall_to_wall_batch`);
    await prompt(b.page, 'Scan or choose a counting list');
    // The demo's own list (CREATED) is still open: the lists have loaded, without this one.
    await b.page.getByTestId('w2wb-lists').waitFor();
    expect(await b.page.getByTestId(`w2wb-list-${list}`).count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), desk.context.close()]);
  }, 120_000);
});
