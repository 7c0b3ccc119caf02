import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  masterDataEndpoints as endpoints,
  pathOf,
  type BusinessPartnerMaster,
  type WarehouseMaster,
} from '@wms/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { BinLocationForm } from './BinLocationForm.js';
import { BusinessPartnerForm } from './BusinessPartnerForm.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const warehouse: WarehouseMaster = { code: '01', visualCode: '01', name: 'Main warehouse', active: true, version: 1 };
const partner = (addresses: BusinessPartnerMaster['addresses'] = []): BusinessPartnerMaster => ({
  code: 'C100',
  visualCode: 'C100',
  name: 'Garden centre',
  type: 'CUSTOMER',
  active: true,
  version: 2,
  addresses,
});
const address = { name: null, street: 'Main street 1', postcode: '1000 AA', city: 'Amsterdam', countryCode: 'NL' };

function renderWith(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const field = (name: string) => screen.getByTestId(`master-data-${name}`);
const addressField = (name: string) => screen.getByTestId(`master-data-address-${name}`);

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bin location form', () => {
  it('checks minimum against maximum and the attribute names, then creates the location in its warehouse', async () => {
    const calls = stubFetch((method, url, body) => {
      const path = url.split('?')[0];
      if (path === pathOf(endpoints.listWarehouses))
        return { json: { rows: [warehouse], offset: 0, limit: 500, hasMore: false } };
      if (method === 'POST' && path === pathOf(endpoints.createBinLocation)) return { status: 201, json: body };
      return undefined;
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWith(<BinLocationForm code={null} onClose={onClose} />);
    await screen.findByRole('option', { name: '01 Main warehouse' });
    await user.type(field('code'), '01-A-01');
    await user.selectOptions(field('warehouseCode'), '01');
    await user.type(field('minimalStockLevel'), '10');
    await user.type(field('maximalStockLevel'), '5');
    await user.selectOptions(field('locationType'), 'PICK');
    await user.selectOptions(field('pickingStrategy'), 'FEFO');
    await user.click(field('attribute-add'));
    await user.type(field('attribute-name-0'), 'Zone');
    await user.type(field('attribute-value-0'), 'A');
    await user.click(field('attribute-add'));
    await user.type(field('attribute-name-1'), 'zone');
    await user.click(field('form-save'));

    expect((await screen.findByTestId('master-data-maximalStockLevel-error')).textContent).toBe(
      'The minimum stock (10) is above the maximum stock (5).',
    );
    expect(field('attributes-error').textContent).toBe('Each attribute name may be used once.');
    expect(writes(calls)).toEqual([]);

    await user.clear(field('maximalStockLevel'));
    await user.type(field('maximalStockLevel'), '20,5');
    await user.clear(field('attribute-name-1'));
    await user.type(field('attribute-name-1'), 'Aisle');
    await user.type(field('attribute-value-1'), '3');
    await user.click(field('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)[0]?.body).toMatchObject({
      code: '01-A-01',
      warehouseCode: '01',
      minimalStockLevel: 10,
      maximalStockLevel: 20.5,
      locationType: 'PICK',
      physicalLocationType: 'NORMAL',
      pickingStrategy: 'FEFO',
      attributes: [
        { name: 'Zone', value: 'A' },
        { name: 'Aisle', value: '3' },
      ],
    });
  });
});

describe('the business partner form', () => {
  it('sends a new partner with the addresses added to it', async () => {
    const calls = stubFetch((method, url, body) =>
      method === 'POST' && url === pathOf(endpoints.createBusinessPartner) ? { status: 201, json: body } : undefined,
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWith(<BusinessPartnerForm code={null} onClose={onClose} />);
    await user.type(field('code'), 'S200');
    await user.selectOptions(field('type'), 'SUPPLIER');
    await user.type(field('name'), 'Bolt factory');
    await user.click(field('address-add'));
    await user.type(addressField('code'), 'HQ');
    await user.type(addressField('city'), 'Rotterdam');
    await user.type(addressField('countryCode'), 'nl');
    await user.click(addressField('isDefaultShipTo'));
    await user.click(field('address-save'));
    expect(within(field('addresses')).getByTestId('master-data-address-HQ').textContent).toContain('Rotterdam');
    await user.click(field('form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)[0]?.body).toMatchObject({
      code: 'S200',
      name: 'Bolt factory',
      type: 'SUPPLIER',
      addresses: [{ code: 'HQ', city: 'Rotterdam', countryCode: 'NL', isDefaultShipTo: true, street: null }],
    });
  });

  it('saves an address of an existing partner on its own and shows the partner it answers', async () => {
    const saved = partner([{ code: 'DEL', ...address, isDefaultShipTo: false, active: true, version: 1 }]);
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url === pathOf(endpoints.getBusinessPartner, { code: 'C100' }))
        return { json: partner() };
      if (method === 'POST' && url === pathOf(endpoints.createAddress, { code: 'C100' }))
        return { status: 201, json: saved };
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<BusinessPartnerForm code="C100" onClose={vi.fn()} />);
    await waitFor(() => expect((field('name') as HTMLInputElement).value).toBe('Garden centre'));
    await user.click(field('address-add'));
    await user.type(addressField('code'), 'DEL');
    await user.type(addressField('street'), 'Main street 1');
    await user.type(addressField('countryCode'), 'N');
    await user.click(field('address-save'));
    expect((await screen.findByTestId('master-data-address-countryCode-error')).textContent).toBe(
      'This value is not valid.',
    );
    await user.type(addressField('countryCode'), 'L');
    await user.click(field('address-save'));

    await waitFor(() => expect(screen.queryByTestId('master-data-address-editor')).toBeNull());
    expect(writes(calls).map((call) => call.body)).toEqual([
      {
        code: 'DEL',
        name: null,
        street: 'Main street 1',
        postcode: null,
        city: null,
        countryCode: 'NL',
        isDefaultShipTo: false,
        active: true,
      },
    ]);
    expect(field('address-DEL').textContent).toContain('Amsterdam');
  });
});
