// First: its vi.mock calls must run before the platform modules load.
import { testSession } from '../../handheld/testing/handheld-dom.js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { GoodsSortingApp } from './GoodsSortingApp.js';
import { fakeServer, moves, renderAt, scan, staging, waitForPrompt } from './sorting-dom-support.js';

testSession.username = 'operator';

vi.setConfig({ testTimeout: 20_000 });

const savedKey = 'wms.workflow.goodsSorting.7';

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  staging.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('goods sorting resumes after reopening', () => {
  it('says recoveredPreviousSession and retries a move with a lost answer with the same Idempotency-Key', async () => {
    let drop = true;
    const calls = fakeServer((call) => (call.path.endsWith('/move') && drop ? 'networkError' : undefined));
    const user = userEvent.setup();
    const first = renderAt('/goods_sorting', <GoodsSortingApp />);
    await scan(user, '01-RECEIVE', 'Scan an item from 01-RECEIVE');
    await scan(user, 'ITEM-002', /^How many pcs of ITEM-002\? Now 4/);
    await scan(user, '2', 'Scan the destination: 01-P01-01 (default location)');
    await scan(user, '01-P01-01', 'The move did not finish. Press Retry to try again.');
    await waitFor(() => expect(localStorage.getItem(savedKey)).toContain('"failed":true'));
    // A scan meant for the next item neither retries the move nor is lost without a word.
    await scan(user, 'ITEM-001');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith('danger', 'goodsSorting:retryFirst', { code: 'ITEM-001' }),
    );
    first.unmount();

    drop = false;
    vi.mocked(notify).mockClear();
    renderAt('/goods_sorting', <GoodsSortingApp />);
    await waitForPrompt('The move did not finish. Press Retry to try again.');
    expect(notify).toHaveBeenCalledWith('info', 'goodsSorting:recoveredPreviousSession', { location: '01-RECEIVE' });
    expect(screen.getByTestId('summary-quantity').textContent).toBe('2 pcs');
    await user.click(await screen.findByTestId('handheld-retry'));
    await waitForPrompt('Scan an item from 01-RECEIVE');
    const sent = moves(calls);
    const [lost, retried] = [sent[0], sent.at(-1)];
    expect(retried?.headers['idempotency-key']).toBe(lost?.headers['idempotency-key']);
    expect(retried?.body).toEqual(lost?.body);
    expect(notify).toHaveBeenCalledWith('success', 'handheld:successfullyMoved', {
      quantity: 2,
      item: 'ITEM-002',
      from: '01-RECEIVE',
      to: '01-P01-01',
    });
  });
});
