import { binLocationEndpoints, itemActionEndpoints, pathOf, urlOf, type DefaultItemLocation } from '@wms/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { DefaultLocationsTab } from './DefaultLocationsTab.js';
import { demoItem, fakeViewport, renderAt, stubFetch, type Call } from './test-support.js';

const state = vi.hoisted(() => ({ roles: [] as string[] }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ hasRole: (role: string) => state.roles.includes(role), me: null }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

const rows: DefaultItemLocation[] = [
  {
    whs: { code: '01', name: 'Main warehouse', active: true },
    binLocation: { code: '01-P01-01', visualCode: '01-P01-01' },
    enforced: true,
    minStock: 10,
    maxStock: 100,
    version: 4,
  },
  {
    whs: { code: '02', name: 'Overflow warehouse', active: true },
    binLocation: { code: '02-P01-01', visualCode: '02-P01-01' },
    enforced: false,
    minStock: null,
    maxStock: null,
    version: 1,
  },
];
const location = (code: string) => ({ code, visualCode: code, warehouseCode: '01', warehouseName: 'Main warehouse' });

const item1 = { code: 'ITEM-001' };
const defaultsPath = pathOf(itemActionEndpoints.defaultLocations, item1);
const findLocationPath = (code: string) => pathOf(binLocationEndpoints.find, { code });
const saveDefaultPath = pathOf(itemActionEndpoints.setDefaultLocation, { ...item1, whsCode: '01' });

let calls: Call[] = [];

beforeEach(() => {
  fakeViewport();
  state.roles = ['information', 'defaultItemBinLocationEdit'];
  calls = stubFetch((method, url) => {
    const [path, query] = url.split('?') as [string, string | undefined];
    if (path === defaultsPath)
      return { json: query === 'filter=all' ? [...rows, { ...rows[1]!, whs: { ...rows[1]!.whs, code: '99' } }] : rows };
    if (path === findLocationPath('01-A01-01')) return { json: location('01-A01-01') };
    if (path === findLocationPath('01-P01-01')) return { json: location('01-P01-01') };
    if (path.startsWith(findLocationPath('')))
      return { status: 404, json: { status: 404, key: 'unknownLocation', args: { code: path.split('/').pop() } } };
    if (method === 'POST' && path === saveDefaultPath) return { json: rows[0] };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const defaultRequests = () => calls.filter((call) => call.url.startsWith(defaultsPath)).map((c) => c.url);

describe('DefaultLocationsTab', () => {
  it('lists the rows with the filter present by default and asks again for another filter', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info/ITEM-001', <DefaultLocationsTab item={demoItem} />);
    const table = await screen.findByTestId('item-default-locations');
    await waitFor(() => expect(within(table).getAllByText(/warehouse$/)).toHaveLength(2));
    expect(defaultRequests()).toEqual([
      urlOf(itemActionEndpoints.defaultLocations, { params: item1, query: { filter: 'present' } }),
    ]);
    await user.selectOptions(screen.getByTestId('default-location-filter'), 'all');
    // Every warehouse now, the closed one too, each with its edit button.
    await waitFor(() =>
      expect(screen.queryAllByTestId(/^edit-default-/).map((button) => button.dataset.testid)).toEqual([
        'edit-default-01',
        'edit-default-02',
        'edit-default-99',
      ]),
    );
    expect(defaultRequests()).toContain(
      urlOf(itemActionEndpoints.defaultLocations, { params: item1, query: { filter: 'all' } }),
    );
  });

  it('has no edit buttons for a user without defaultItemBinLocationEdit', async () => {
    state.roles = ['information'];
    renderAt('/item/item_info/ITEM-001', <DefaultLocationsTab item={demoItem} />);
    await screen.findByText('Main warehouse');
    expect(screen.queryByTestId('edit-default-01')).toBeNull();
  });

  it('edits a row: an unknown location is invalid, a known one saves with the version read', async () => {
    const user = userEvent.setup();
    renderAt('/item/item_info/ITEM-001', <DefaultLocationsTab item={demoItem} />);
    await user.click(await screen.findByTestId('edit-default-01'));
    const field = screen.getByTestId<HTMLInputElement>('default-location-code');
    expect(field.value).toBe('01-P01-01');
    await waitFor(() => expect(field.dataset.status).toBe('valid'));

    await user.clear(field);
    await user.type(field, 'NOWHERE');
    await waitFor(() => expect(field.dataset.status).toBe('invalid'));
    expect(field.className).toContain('is-invalid');
    expect(screen.getByTestId<HTMLButtonElement>('default-location-save').disabled).toBe(true);

    await user.clear(field);
    await user.type(field, '01-A01-01');
    await waitFor(() => expect(field.dataset.status).toBe('valid'));
    await user.click(screen.getByTestId('default-location-enforced'));
    await user.clear(screen.getByTestId('default-location-minStock'));
    await user.type(screen.getByTestId('default-location-minStock'), '2,5');
    await user.clear(screen.getByTestId('default-location-maxStock'));
    await user.type(screen.getByTestId('default-location-maxStock'), '1');
    expect(screen.getByTestId<HTMLButtonElement>('default-location-save').disabled).toBe(true);
    await user.clear(screen.getByTestId('default-location-maxStock'));
    await user.type(screen.getByTestId('default-location-maxStock'), '250.75');
    await user.click(screen.getByTestId('default-location-save'));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: saveDefaultPath,
      body: { locationCode: '01-A01-01', enforced: false, minStock: 2.5, maxStock: 250.75, version: 4 },
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'common:saveSuccess'));
    await waitFor(() => expect(screen.queryByTestId('default-location-modal')).toBeNull());
    // The list is read again after the save.
    await waitFor(() => expect(defaultRequests().filter((url) => url.endsWith('filter=present'))).toHaveLength(2));
  });
});
