import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itemActionEndpoints, itemEndpoints, pathOf } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { ItemInfoApp } from './ItemInfoApp.js';
import { demoItem, fakeViewport, renderAt, stockRow, stubFetch, type Call } from './test-support.js';

const state = vi.hoisted(() => ({ roles: [] as string[], operationMode: 'NORMAL' }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ hasRole: (role: string) => state.roles.includes(role), me: null }),
}));
vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ operationMode: state.operationMode }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));
vi.mock('../../components/custom-grid/CustomGrids.js', () => ({ CustomGrids: () => null }));
vi.mock('./StockForecastChart.js', () => ({
  StockForecastChart: ({ points }: { points: unknown[] }) => <div data-testid="chart-stub">{points.length}</div>,
}));

const item1 = { code: 'ITEM-001' };
/** The start of every item autocomplete path. */
const autocompletePrefix = pathOf(itemEndpoints.autocomplete, { text: '' });

const suggestions = [
  { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Hex bolt M8x40', barcode: null, barcode2: null, barcode3: null },
  { code: 'ITEM-002', visualCode: 'ITEM-002', name: 'Washer M8', barcode: null, barcode2: null, barcode3: null },
];

let calls: Call[] = [];

beforeEach(() => {
  fakeViewport();
  state.roles = ['information'];
  state.operationMode = 'NORMAL';
  calls = stubFetch((method, url) => {
    const path = url.split('?')[0]!;
    if (path === pathOf(itemEndpoints.find, { code: '8712345000028' }))
      return { json: { item: demoItem, matchedBy: 'BARCODE2', quantity: 12 } };
    if (path === pathOf(itemEndpoints.find, { code: 'NOPE' }))
      return { status: 404, json: { status: 404, key: 'unknownItemForCode', args: { code: 'NOPE' } } };
    if (path.startsWith(autocompletePrefix)) return { json: suggestions };
    if (path === pathOf(itemEndpoints.get, item1)) return { json: demoItem };
    if (path === pathOf(itemEndpoints.binLocations, item1))
      return { json: [stockRow('01-A01-01', 500), stockRow('01-BLOCKED', 2, true)] };
    if (path === pathOf(itemEndpoints.openDocuments, item1)) return { json: [] };
    if (path === pathOf(itemActionEndpoints.defaultLocations, item1)) return { json: [] };
    return method === 'GET' ? undefined : { json: {} };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const scanner = () => screen.getByTestId<HTMLInputElement>('item-scanner-input');

describe('ItemInfoApp', () => {
  it('resolves a scanned barcode with find and opens the item', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info', <ItemInfoApp />);
    expect(screen.getByTestId('item-info-empty').textContent).toBe(
      "Scan an item's barcode or type its code to see its information.",
    );
    await user.type(scanner(), '8712345000028{Enter}');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/item/item_info/ITEM-001'));
    expect(calls.some((call) => call.url === pathOf(itemEndpoints.find, { code: '8712345000028' }))).toBe(true);
    const information = await screen.findByTestId('item-information');
    expect(within(information).getByTestId('field-visualCode').textContent).toContain('ITEM-001');
    expect(within(information).getByTestId('field-barcode2').textContent).toContain('8712345000028');
    expect(within(information).getByTestId('field-barcode2').textContent).toContain('× 12 pcs');
    expect(screen.getByTestId('item-image-placeholder').getAttribute('aria-label')).toBe('No image');
    expect(screen.queryByTestId('item-image')).toBeNull();
    // The forecast: 502 on hand now, drawn by the (lazily loaded) chart.
    expect((await screen.findByTestId('stock-forecast-summary')).textContent).toContain('Now 502 pcs');
    // No open documents: one point for today and one for each of the 7 days after.
    expect((await screen.findByTestId('chart-stub')).textContent).toBe('8');
  });

  it('leaves an unknown code to the HTTP client: one unknownItemForCode notification, no navigation', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info', <ItemInfoApp />);
    await user.type(scanner(), 'NOPE{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith('danger', 'errors:unknownItemForCode', { code: 'NOPE' });
    expect(screen.getByTestId('path').textContent).toBe('/item/item_info');
  });

  it('suggests items for typed text after a pause, at most one request per pause, and opens the one picked', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info', <ItemInfoApp />);
    await user.type(scanner(), 'ite');
    const list = await screen.findByTestId('item-suggestions');
    const autocompletes = calls.filter((call) => call.url.startsWith(autocompletePrefix));
    expect(autocompletes.map((call) => call.url)).toEqual([pathOf(itemEndpoints.autocomplete, { text: 'ite' })]);
    expect(within(list).getAllByTestId('item-suggestion')).toHaveLength(2);
    await user.click(within(list).getByText('Washer M8'));
    expect(screen.getByTestId('path').textContent).toBe('/item/item_info/ITEM-002');
    expect(scanner().value).toBe('');
    expect(screen.queryByTestId('item-suggestions')).toBeNull();
  });

  it('shows the seven tabs; Locations holds the stock with the restricted location marked', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    await screen.findByTestId('item-view');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Information',
      'Details',
      'Locations',
      'Default locations',
      'Open documents',
      'History',
      'Actions',
    ]);
    await user.click(screen.getByTestId('item-tab-details'));
    expect(screen.getByTestId('field-weight').textContent).toContain('0.015 kg');
    expect(screen.getByTestId('path').textContent).toBe('/item/item_info/ITEM-001?tab=details');
    await user.click(screen.getByTestId('item-tab-locations'));
    const table = await screen.findByTestId('item-stock-table');
    await waitFor(() => expect(within(table).getAllByTestId('object-link')).toHaveLength(2));
    const restricted = within(table).getByTestId('restricted');
    expect(restricted.className).toContain('bi-sign-stop');
    expect(restricted.parentElement?.className).toContain('text-danger');
  });

  it('hides Locations in wall-to-wall batching mode unless the user is admin', async () => {
    state.operationMode = 'WALL_TO_WALL_BATCHING_MODE';
    const first = renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    await screen.findByTestId('item-view');
    expect(screen.queryByTestId('item-tab-locations')).toBeNull();
    expect(screen.getAllByRole('tab')).toHaveLength(6);
    first.unmount();

    state.roles = ['admin'];
    renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    await screen.findByTestId('item-view');
    expect(screen.getAllByRole('tab').map((tab) => tab.dataset.testid)).toContain('item-tab-locations');
  });

  it('draws no forecast when the server leaves the quantities out (blind counting in batching mode)', async () => {
    state.operationMode = 'WALL_TO_WALL_BATCHING_MODE';
    const blindRow = { ...stockRow('01-A01-01', 0), onHandQty: null, freeToMoveQty: null, releasedQty: null };
    calls = stubFetch((method, url) => {
      const path = url.split('?')[0]!;
      if (path === pathOf(itemEndpoints.get, item1)) return { json: demoItem };
      if (path === pathOf(itemEndpoints.binLocations, item1))
        return { json: [{ ...blindRow, pickQty: null, qcPendingQty: null }] };
      if (path === pathOf(itemEndpoints.openDocuments, item1)) return { json: [] };
      if (path === pathOf(itemActionEndpoints.defaultLocations, item1)) return { json: [] };
      return method === 'GET' ? undefined : { json: {} };
    });
    renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    expect(await screen.findByText('The forecast is not available.')).toBeTruthy();
    expect(screen.queryByTestId('stock-forecast-summary')).toBeNull();
    expect(screen.queryByTestId('chart-stub')).toBeNull();
  });

  it('replaces an item code typed in another case with the stored one', async () => {
    stubFetch((_method, url) => {
      const path = url.split('?')[0]!;
      if (path === pathOf(itemEndpoints.get, { code: 'item-001' }) || path === pathOf(itemEndpoints.get, item1))
        return { json: demoItem };
      return path.startsWith(`${pathOf(itemEndpoints.get, item1)}/`) ? { json: [] } : undefined;
    });
    renderAt('/item/item_info/item-001', <ItemInfoApp />);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/item/item_info/ITEM-001'));
    expect((await screen.findByTestId('item-heading-code')).textContent).toBe('ITEM-001');
  });
});
