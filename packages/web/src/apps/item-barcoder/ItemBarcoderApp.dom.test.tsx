import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { defaultRepeatWindowMs } from '../../platform/scanner-windows.js';
import { ItemBarcoderApp } from './ItemBarcoderApp.js';
import {
  badGtin,
  error,
  fakeServer,
  goodGtin,
  renderApp,
  saves,
  scan,
  waitForPrompt,
  type Override,
} from './barcoder-dom-support.js';

vi.mock('../../platform/session.js', () => ({ useSession: () => ({ signOut: vi.fn(), hasRole: () => true }) }));
vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ scanner: defaultSystemSettings.scanner }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));

// Whole flows typed key by key: give them room on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

function start(override?: Override) {
  const calls = fakeServer(override);
  const user = userEvent.setup();
  renderApp(<ItemBarcoderApp />);
  return { calls, user };
}

const firstPrompt = /^Scan an item, or a location/;
const slotTexts = () =>
  within(screen.getByTestId('barcoder-slots'))
    .getAllByRole('button')
    .map((button) => [button.textContent, button.getAttribute('aria-pressed')]);

describe('the item barcoder', () => {
  it('shows the three slots, defaults to the first empty one and saves the scanned barcode with 1.0', async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'ITEM-001', 'Scan the new barcode 2 of ITEM-001');
    expect(slotTexts()).toEqual([
      ['Barcode 18712345000011 × 1', 'false'],
      ['Barcode 2empty', 'true'],
      ['Barcode 3empty', 'false'],
    ]);
    await scan(user, goodGtin, `How many pcs does one scan of ${goodGtin} count? Press OK for 1`);
    expect(screen.getByTestId('barcoder-summary-quantity').textContent).toBe('1 pcs');
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt(firstPrompt);
    expect(saves(calls).map((call) => call.body)).toEqual([
      { slot: 'BARCODE2', barcode: goodGtin, quantity: 1, confirmed: false },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'setup:barcoder.saved', {
      barcode: goodGtin,
      item: 'ITEM-001',
      slot: 2,
    });
    // The label print is offered for the saved item.
    expect(screen.getByTestId('barcoder-saved').textContent).toContain(`Saved ${goodGtin} as barcode 2 of ITEM-001`);
    expect(screen.getByTestId('print-item-label')).toBeTruthy();
  });

  it("refuses another item's barcode or a location's at the scan, changing nothing; the slot may be picked", async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'NEW-001', 'Scan the new barcode 1 of NEW-001');
    for (const [code, args] of [
      ['8712345000011', { barcode: '8712345000011', owner: 'ITEM-001', itemCode: 'ITEM-001' }],
      ['LOC0101', { barcode: 'LOC0101', owner: '01-A01-01', locationCode: '01-A01-01' }],
    ] as const) {
      await scan(user, code);
      await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'barcodeAlreadyAssigned', args));
      await waitForPrompt('Scan the new barcode 1 of NEW-001');
    }
    await user.click(screen.getByTestId('barcoder-slot-3'));
    await waitForPrompt('Scan the new barcode 3 of NEW-001');
    await scan(user, 'BOX-NEW-001', /^How many pcs does one scan of BOX-NEW-001 count/);
    await scan(user, '12,5', firstPrompt);
    expect(saves(calls).map((call) => call.body)).toEqual([
      { slot: 'BARCODE3', barcode: 'BOX-NEW-001', quantity: 12.5, confirmed: false },
    ]);
  });

  it('warns of a wrong check digit and takes the code only when it is scanned again', async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'NEW-001', 'Scan the new barcode 1 of NEW-001');
    await scan(user, badGtin, `Scan ${badGtin} again to use it despite its wrong check digit, or scan another barcode`);
    expect(notify).toHaveBeenCalledWith('warning', 'errors:invalidGtinCheckDigit', { barcode: badGtin });
    // A person scans the label again after the repeat window (80 ms); sooner is the scanner's double
    // read and is not used. The fake server answers at once, so typing alone may be quicker than that.
    await new Promise((resolve) => setTimeout(resolve, defaultRepeatWindowMs + 20));
    await scan(user, badGtin, /^How many pcs does one scan/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt(firstPrompt);
    expect(saves(calls).map((call) => call.body)).toEqual([
      { slot: 'BARCODE1', barcode: badGtin, quantity: 1, confirmed: true },
    ]);
  });

  it('cancels silently on a quantity that is not a number: the barcode is asked again, nothing saved', async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'NEW-002', 'Scan the new barcode 1 of NEW-002');
    await scan(user, 'NEW-BOX', 'How much does one scan of NEW-BOX count? Press OK for 1');
    vi.mocked(notify).mockClear();
    await scan(user, 'abc', 'Scan the new barcode 1 of NEW-002');
    expect(notify).not.toHaveBeenCalled();
    expect(screen.queryByTestId('barcoder-summary-barcode')).toBeNull();
    expect(saves(calls)).toEqual([]);
  });

  it('says no barcode found for a scan without a code, and offers the readings of a GS1 string', async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'NEW-001', 'Scan the new barcode 1 of NEW-001');
    await scan(user, ']C1');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'noBarcodeFound', {}));
    await scan(user, `(01)0${goodGtin}(10)LOT7`, 'The scan holds several codes: tap the barcode of NEW-001');
    const options = screen.getAllByTestId('barcoder-readings-option').map((option) => option.textContent);
    expect(options).toEqual([`0${goodGtin}`, `(01)0${goodGtin}(10)LOT7`]);
    await user.click(screen.getAllByTestId('barcoder-readings-option')[0]!);
    await waitForPrompt(`How many pcs does one scan of 0${goodGtin} count? Press OK for 1`);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt(firstPrompt);
    expect(saves(calls)[0]?.body).toMatchObject({ barcode: `0${goodGtin}` });
  });

  it('walks a location: its items without a barcode one after the other, n of m, one skipped', async () => {
    const { calls, user } = start();
    await waitForPrompt(firstPrompt);
    await scan(user, 'LOC0101', 'Scan the new barcode 1 of NEW-001');
    expect(screen.getByTestId('barcoder-summary-walk').textContent).toBe('01-A01-01 · 1 of 2');
    await scan(user, 'NEW-001-EA', /^How many pcs/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt('Scan the new barcode 1 of NEW-002');
    expect(screen.getByTestId('barcoder-summary-walk').textContent).toBe('01-A01-01 · 2 of 2');
    await user.click(screen.getByTestId('barcoder-skip'));
    await waitForPrompt(firstPrompt);
    expect(notify).toHaveBeenCalledWith('info', 'setup:barcoder.walkDone', { location: '01-A01-01' });
    expect(saves(calls).map((call) => call.path)).toEqual([expect.stringContaining('NEW-001')]);
  });

  it('finds an item by a search; a refusal of the server on saving asks for the barcode again', async () => {
    const refusal: Override = (call) =>
      call.method === 'POST'
        ? error(422, 'barcodeAlreadyAssigned', { barcode: 'RACE-1', owner: 'ITEM-009', itemCode: 'ITEM-009' })
        : undefined;
    const { calls, user } = start(refusal);
    await waitForPrompt(firstPrompt);
    await scan(user, 'washer', 'Several items match washer: tap one or scan its code');
    await user.click(screen.getAllByTestId('barcoder-candidates-option')[1]!);
    await waitForPrompt('Scan the new barcode 1 of NEW-002');
    await scan(user, 'RACE-1', /^How much does one scan/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt('Scan the new barcode 1 of NEW-002');
    expect(notify).toHaveBeenCalledWith('danger', 'errors:barcodeAlreadyAssigned', {
      barcode: 'RACE-1',
      owner: 'ITEM-009',
      itemCode: 'ITEM-009',
    });
    expect(saves(calls)).toHaveLength(1);
  });
});
