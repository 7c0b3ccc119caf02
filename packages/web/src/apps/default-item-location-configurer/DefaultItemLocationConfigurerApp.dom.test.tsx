// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeViewport } from '../../test-support/fetch-stub.js';
import { DefaultItemLocationConfigurerApp } from './DefaultItemLocationConfigurerApp.js';
import {
  error,
  fakeServer,
  renderApp,
  saves,
  scan,
  waitForPrompt,
  type Call,
  type Override,
} from './configurer-dom-support.js';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

function start(override?: Override) {
  const calls = fakeServer(override);
  const user = userEvent.setup();
  renderApp(<DefaultItemLocationConfigurerApp />);
  return { calls, user };
}

const bodies = (calls: Call[]) => saves(calls).map((call) => [call.path, call.body]);

describe('the configurer on a handheld (scan flow)', () => {
  it('sets a new default: enforced, min and max (max below min refused at once), saved with version 0', async () => {
    const { calls, user } = start();
    await waitForPrompt('Scan the location');
    await scan(user, 'LOC0119', 'Scan an item for 01-P01-09');
    await scan(user, 'NEW-001', 'Enforced for NEW-001 in 01-P01-09? Yes or No (now: No)');
    await user.click(screen.getByTestId('configurer-yes'));
    await waitForPrompt(/^Minimum stock of NEW-001 in 01-P01-09\? Now none/);
    await scan(user, '5', /^Maximum stock of NEW-001 in 01-P01-09\? Now none/);
    await scan(user, '2,5');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'minStockGreaterThanMaxStock', { minStock: 5, maxStock: 2.5 }),
    );
    expect(saves(calls)).toEqual([]);
    await scan(user, '50', 'Scan an item for 01-P01-09');
    expect(bodies(calls)).toEqual([
      [
        expect.stringMatching(/\/item\/NEW-001\/default_bin_locations\/01$/),
        { locationCode: '01-P01-09', enforced: true, minStock: 5, maxStock: 50, version: 0 },
      ],
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'setup:defaults.saved', { item: 'NEW-001', location: '01-P01-09' });
  });

  it('replaces another default of the item in the warehouse only after a confirmation that shows the old one', async () => {
    const { calls, user } = start();
    await waitForPrompt('Scan the location');
    await scan(user, '01-P01-09', 'Scan an item for 01-P01-09');
    const replace =
      'ITEM-001 has 01-P01-01 as its default location in warehouse 01. Replace it with 01-P01-09? Scan 01-P01-09 again or press Yes';
    await scan(user, 'ITEM-001', replace);
    expect(screen.getByTestId('configurer-summary-old').textContent).toBe('01-P01-01');
    await user.click(screen.getByTestId('configurer-no'));
    await waitForPrompt('Scan an item for 01-P01-09');
    expect(notify).toHaveBeenCalledWith('info', 'setup:defaults.kept', { item: 'ITEM-001', old: '01-P01-01' });

    await scan(user, '8712345000011', replace);
    await scan(user, 'something else', replace);
    expect(notify).toHaveBeenCalledWith('danger', 'setup:defaults.replaceOrCancel', { location: '01-P01-09' });
    // Scanning the new location again confirms; the old values are the answers' defaults.
    await scan(user, 'LOC0119', 'Enforced for ITEM-001 in 01-P01-09? Yes or No (now: Yes)');
    await scan(user, 'n', /^Minimum stock of ITEM-001 in 01-P01-09\? Now 10:/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt(/^Maximum stock of ITEM-001 in 01-P01-09\? Now 100:/);
    await user.click(screen.getByTestId('configurer-clear-level'));
    await waitForPrompt('Scan an item for 01-P01-09');
    expect(bodies(calls)).toEqual([
      [
        expect.stringMatching(/\/item\/ITEM-001\/default_bin_locations\/01$/),
        { locationCode: '01-P01-09', enforced: false, minStock: 10, maxStock: null, version: 4 },
      ],
    ]);
  });

  it('refuses a restricted location at its scan, and reads the row again when it changed meanwhile (412)', async () => {
    let stale = true;
    const { calls, user } = start((call) => {
      if (call.method !== 'POST' || !stale) return undefined;
      stale = false;
      return error(412, 'optimisticLockConflict');
    });
    await waitForPrompt('Scan the location');
    await scan(user, '01-R-01');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:restrictedLocationAsDefault', { location: '01-R-01' }),
    );
    await scan(user, '01-P01-09', 'Scan an item for 01-P01-09');
    const answerAll = async () => {
      await waitForPrompt(/^Enforced for NEW-001/);
      await user.click(screen.getByTestId('configurer-no'));
      await waitForPrompt(/^Minimum stock of NEW-001/);
      await user.click(screen.getByTestId('quantity-ok'));
      await waitForPrompt(/^Maximum stock of NEW-001/);
      await user.click(screen.getByTestId('quantity-ok'));
    };
    await scan(user, 'NEW-001');
    await answerAll();
    await waitForPrompt(/^Enforced for NEW-001/);
    expect(notify).toHaveBeenCalledWith('warning', 'setup:defaults.changedMeanwhile', { item: 'NEW-001' });
    expect(calls.filter((call) => call.path.endsWith('/NEW-001/default_bin_locations'))).toHaveLength(2);
    await answerAll();
    await waitForPrompt('Scan an item for 01-P01-09');
    expect(saves(calls)).toHaveLength(2);
  });
});

describe('the configurer on a desktop (tables per warehouse)', () => {
  beforeEach(() => fakeViewport());
  afterEach(() => vi.restoreAllMocks());

  it('edits enforced and the levels in the row with the version read; a stale edit says so and reloads', async () => {
    let conflict = false;
    const { calls, user } = start((call) =>
      call.method === 'POST' && conflict ? error(412, 'optimisticLockConflict') : undefined,
    );
    await user.click(screen.getByTestId('configurer-tab-defaults'));
    const table = await screen.findByTestId('configurer-defaults');
    await within(table).findByText('Hex bolt M8x40');
    await user.click(screen.getByTestId('default-enforced-ITEM-001'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({
      locationCode: '01-P01-01',
      enforced: false,
      minStock: 10,
      maxStock: 100,
      version: 4,
    });

    const min = screen.getByTestId('default-minStock-ITEM-001');
    await user.clear(min);
    await user.type(min, '120{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'minStockGreaterThanMaxStock', { minStock: 120, maxStock: 100 }),
    );
    expect(saves(calls)).toHaveLength(1);

    conflict = true;
    const reads = () => calls.filter((call) => call.path.endsWith('/default_item_location/01')).length;
    const before = reads();
    const max = screen.getByTestId('default-maxStock-ITEM-001');
    await user.clear(max);
    await user.type(max, '250,5{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('warning', 'setup:defaults.changedMeanwhile', { item: 'ITEM-001' }),
    );
    expect(saves(calls)[1]!.body).toMatchObject({ maxStock: 250.5, version: 4 });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('lists the locations with stock but no default item, and the items without a default', async () => {
    const { user } = start();
    await user.click(screen.getByTestId('configurer-tab-locationsWithoutDefault'));
    const locations = await screen.findByTestId('configurer-locations-without-default');
    await within(locations).findByText('ITEM-001, SERIAL-002');
    await user.click(screen.getByTestId('configurer-tab-itemsWithoutDefault'));
    const items = await screen.findByTestId('configurer-items-without-default');
    await within(items).findByText('Drill');
    expect(screen.getByTestId('configurer-warehouse')).toHaveProperty('value', '01');
  });
});
