import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importEndpoints, masterDataEndpoints as endpoints, pathOf, type Item, type ItemPage } from '@wms/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeViewport, stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { MasterDataApp } from './MasterDataApp.js';

vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null, useLiveMessage: () => undefined }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

type Answer = { status?: number; json: unknown };
const demoItem: Item = {
  code: 'ITEM-001',
  visualCode: 'ITEM-001',
  name: 'Hex bolt M8x40',
  secondName: null,
  barcode: '8712345000011',
  barcode2: null,
  barcode3: null,
  barcodeInvQty: 1,
  barcode2InvQty: 1,
  barcode3InvQty: 1,
  units: 'pcs',
  groupName: 'Fasteners',
  managedBy: 'NORMAL',
  serialManagedByDispatch: false,
  avgPrice: 0.12,
  active: true,
  isStockItem: true,
  isSalesBomItem: false,
  isProductionItem: false,
  weightInMg: 15_000,
  productionIssueMethod: null,
  productionMaterialToleranceValue: null,
  productionMaterialToleranceType: null,
  blockForQcType: null,
  hasBatch: false,
  serial: false,
  receiptScanPreferences: {
    scanExpirationDate: false,
    scanManufacturingDate: false,
    scanManufacturingBatch: false,
    scanManufacturingSerial: false,
  },
  imagePath: null,
  pdfPath: null,
  mlToMg: null,
  version: 3,
};
const item = (changes: Partial<Item> = {}): Item => ({ ...demoItem, ...changes });
const page = (rows: Item[]): ItemPage => ({ rows, offset: 0, limit: 100, hasMore: false });
const refusal = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

const listPath = pathOf(endpoints.listItems);
const itemPath = pathOf(endpoints.getItem, { code: demoItem.code });

/** The master data server: the item list and ITEM-001; `write` answers a POST or PATCH of an item. */
function fakeServer(write: (method: string, body: unknown) => Answer, read: () => Item = () => item()): Call[] {
  return stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    if (method === 'GET' && path === listPath) return { json: page([read()]) };
    if (method === 'GET' && path === itemPath) return { json: read() };
    if ((method === 'POST' && path === listPath) || (method === 'PATCH' && path === itemPath))
      return write(method, body);
    for (const kind of ['items', 'bin_locations'] as const) {
      if (path === pathOf(importEndpoints.describe, { kind }))
        return { json: { kind, columns: [], enabled: true, maxRows: 20_000, rememberedMapping: null } };
      if (path === pathOf(importEndpoints.sessions, { kind })) return { json: [] };
    }
    if (path === pathOf(endpoints.listBinLocations) || path === pathOf(endpoints.listWarehouses))
      return { json: { rows: [], offset: 0, limit: 100, hasMore: false } };
    return undefined;
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderApp(path = '/setup/master_data') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <MasterDataApp />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const writes = (calls: Call[]) => calls.filter((call) => call.method === 'POST' || call.method === 'PATCH');
const field = (name: string) => screen.getByTestId(`master-data-${name}`);

beforeEach(() => {
  vi.clearAllMocks();
  fakeViewport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the master data app', () => {
  it('creates an item through the form with every field it was given', async () => {
    const calls = fakeServer(() => ({ status: 201, json: item({ code: 'NEW-1', version: 1 }) }));
    const user = userEvent.setup();
    renderApp();
    const table = await screen.findByTestId('master-data-table-items');
    await waitFor(() => expect(table.textContent).toContain('Hex bolt M8x40'));

    await user.click(screen.getByTestId('master-data-new'));
    const form = await screen.findByTestId('master-data-item-form');
    await user.type(field('code'), 'NEW-1');
    await user.type(field('name'), 'Widget');
    await user.selectOptions(field('managedBy'), 'BATCH_NUMBER');
    await user.type(field('barcode2'), '8712345999999');
    await user.clear(field('barcode2InvQty'));
    await user.type(field('barcode2InvQty'), '6');
    await user.type(field('weightInMg'), '1,5');
    await user.selectOptions(field('blockForQcType'), 'PURCHASE_RECEIPT');
    await user.click(field('scanExpirationDate'));
    await user.click(within(form).getByTestId('master-data-form-save'));

    await waitFor(() => expect(screen.queryByTestId('master-data-item-form')).toBeNull());
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: listPath,
      body: {
        code: 'NEW-1',
        name: 'Widget',
        managedBy: 'BATCH_NUMBER',
        barcode: null,
        barcode2: '8712345999999',
        barcode2InvQty: 6,
        weightInMg: 1_500_000,
        blockForQcType: 'PURCHASE_RECEIPT',
        active: true,
        isStockItem: true,
        receiptScanPreferences: { scanExpirationDate: true, scanManufacturingDate: false },
      },
    });
    expect(notify).toHaveBeenCalledWith('success', 'common:saveSuccess');
  });

  it('judges the obvious in the browser: a name is required and a quantity is a number', async () => {
    const calls = fakeServer(() => ({ status: 201, json: item() }));
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('master-data-new'));
    await screen.findByTestId('master-data-item-form');
    await user.type(field('code'), 'NEW-2');
    await user.type(field('avgPrice'), 'ten');
    await user.click(screen.getByTestId('master-data-form-save'));

    expect((await screen.findByTestId('master-data-name-error')).textContent).toBe('Required.');
    expect(screen.getByTestId('master-data-avgPrice-error').textContent).toBe('Enter a number.');
    expect(writes(calls)).toEqual([]);
  });

  it('shows a taken code (409 codeAlreadyExists) at the code field and a 422 at the field it names', async () => {
    let answer = refusal(409, 'codeAlreadyExists', { code: 'ITEM-001' });
    const calls = fakeServer(() => answer);
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('master-data-new'));
    await screen.findByTestId('master-data-item-form');
    await user.type(field('code'), 'item-001');
    await user.type(field('name'), 'Another bolt');
    await user.click(screen.getByTestId('master-data-form-save'));

    expect((await screen.findByTestId('master-data-code-error')).textContent).toBe('Code ITEM-001 exists already.');
    expect(screen.getByTestId('master-data-item-form')).toBeTruthy();
    expect(screen.queryByTestId('master-data-form-alert')).toBeNull();

    answer = refusal(422, 'barcodeInUse', { barcode: '871', owner: 'ITEM-002', field: 'barcode3' });
    await user.type(field('barcode3'), '871');
    await user.click(screen.getByTestId('master-data-form-save'));
    expect((await screen.findByTestId('master-data-barcode3-error')).textContent).toBe(
      'Barcode 871 already belongs to ITEM-002.',
    );
    expect(screen.queryByTestId('master-data-code-error')).toBeNull();
    expect(writes(calls)).toHaveLength(2);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows a stale version (412) as changed by someone else and reloads the record, keeping the form open', async () => {
    let current = item({ version: 3 });
    const calls = fakeServer(
      (_method, body) => {
        if ((body as { version: number }).version !== current.version) return refusal(412, 'optimisticLockConflict');
        current = { ...current, ...(body as Partial<Item>), version: current.version + 1 };
        return { json: current };
      },
      () => current,
    );
    const user = userEvent.setup();
    renderApp('/setup/master_data?tab=items&edit=ITEM-001');
    await screen.findByTestId('master-data-item-form');
    await waitFor(() => expect((field('name') as HTMLInputElement).value).toBe('Hex bolt M8x40'));
    expect((field('code') as HTMLInputElement).disabled).toBe(true);
    expect((field('managedBy') as HTMLSelectElement).disabled).toBe(true);

    // Someone else saves first.
    current = { ...current, name: 'Hex bolt M8x40 zinc', units: 'box', version: 4 };
    await user.clear(field('name'));
    await user.type(field('name'), 'Hex bolt M8x45');
    await user.click(screen.getByTestId('master-data-form-save'));

    expect((await screen.findByTestId('master-data-form-alert')).textContent).toBe(
      'Someone else changed this in the meantime. Reload and try again.',
    );
    await waitFor(() => expect((field('name') as HTMLInputElement).value).toBe('Hex bolt M8x40 zinc'));
    expect((field('units') as HTMLInputElement).value).toBe('box');
    expect(writes(calls).map((call) => call.body)).toEqual([{ name: 'Hex bolt M8x45', version: 3 }]);

    // Saved again on the record as it is now: only what changed, with its version.
    await user.clear(field('name'));
    await user.type(field('name'), 'Hex bolt M8x45');
    await user.click(screen.getByTestId('master-data-form-save'));
    await waitFor(() => expect(screen.queryByTestId('master-data-item-form')).toBeNull());
    expect(writes(calls).map((call) => call.body)).toEqual([
      { name: 'Hex bolt M8x45', version: 3 },
      { name: 'Hex bolt M8x45', version: 4 },
    ]);
    expect(screen.getByTestId('where').textContent).toBe('/setup/master_data?tab=items');
  });

  it('asks before it deactivates an item, then sends the version shown', async () => {
    const calls = fakeServer(() => ({ json: item({ active: false, version: 4 }) }));
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('master-data-toggle-ITEM-001'));
    const confirm = await screen.findByTestId('master-data-confirm-active');
    expect(confirm.textContent).toContain('Deactivate ITEM-001?');
    expect(writes(calls)).toEqual([]);
    await user.click(within(confirm).getByTestId('master-data-confirm-active-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PATCH', url: itemPath, body: { version: 3, active: false } });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'masterData:list.deactivated', { code: 'ITEM-001' }),
    );
  });

  it('opens the import wizard of the tab it is on', async () => {
    fakeServer(() => ({ json: item() }));
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('master-data-import'));
    const modal = await screen.findByTestId('master-data-import-modal');
    expect(await within(modal).findByTestId('import-wizard-items')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('master-data-import-modal')).toBeNull());

    await user.click(screen.getByTestId('master-data-tab-link-binLocations'));
    expect(screen.getByTestId('where').textContent).toBe('/setup/master_data?tab=binLocations');
    await user.click(await screen.findByTestId('master-data-import'));
    const locations = await screen.findByTestId('master-data-import-modal');
    expect(await within(locations).findByTestId('import-wizard-bin_locations')).toBeTruthy();
    expect(within(locations).queryByTestId('import-wizard-items')).toBeNull();
  });
});
