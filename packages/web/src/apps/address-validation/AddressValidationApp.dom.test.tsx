import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addressValidationEndpoints as endpoints,
  pathOf,
  type AddressValidation,
  type AddressValidationDetail,
} from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeViewport, stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { AddressValidationApp } from './AddressValidationApp.js';

vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null, useLiveConnected: () => true }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const invalid: AddressValidation = {
  id: 7,
  documentType: 'SALES_ORDER',
  documentCode: 'SO-ADDR-1',
  customer: 'C0001',
  customerName: 'Bakker Retail BV',
  status: 'INVALID',
  reasons: [
    { key: 'postcodeInvalid', args: { postcode: 'ABCDE', country: 'NL' } },
    { key: 'addressFieldRequired', args: { field: 'street' } },
  ],
  original: { name: 'Bakker Retail BV', street: null, postcode: 'ABCDE', city: 'Rotterdam', countryCode: 'NL' },
  address: { name: 'Bakker Retail BV', street: null, postcode: 'ABCDE', city: 'Rotterdam', countryCode: 'NL' },
  version: 1,
  updatedAt: '2025-05-01T08:00:00.000Z',
};
const detailOf = (
  record: AddressValidation,
  history: AddressValidationDetail['history'] = [],
): AddressValidationDetail => ({
  ...record,
  history: [
    {
      action: 'VALIDATE',
      username: null,
      at: '2025-05-01T08:00:00.000Z',
      status: 'INVALID',
      before: null,
      after: record.original,
      comment: null,
    },
    ...history,
  ],
});

/** The address server: the list (INVALID rows until a write changed the record) and the record. */
function fakeServer() {
  let record = invalid;
  let history: AddressValidationDetail['history'] = [];
  const calls = stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    if (method === 'GET' && path === pathOf(endpoints.all)) {
      const rows = record.status === 'INVALID' ? [record] : [];
      return { json: { rows, total: rows.length } };
    }
    if (method === 'GET' && path === pathOf(endpoints.detail, { id: 7 })) return { json: detailOf(record, history) };
    if (method === 'POST' && path === pathOf(endpoints.edit, { id: 7 })) {
      const { address } = body as { address: AddressValidation['address'] };
      record = { ...record, address, reasons: [], status: 'VALID', version: record.version + 1 };
      history = [
        ...history,
        {
          action: 'EDIT',
          username: 'clerk',
          at: '2025-05-01T09:00:00.000Z',
          status: 'VALID',
          before: invalid.address,
          after: address,
          comment: null,
        },
      ];
      return { json: detailOf(record, history) };
    }
    if (method === 'POST' && path === pathOf(endpoints.override, { id: 7 })) {
      const { comment } = body as { comment: string };
      record = { ...record, status: 'OVERRIDDEN', version: record.version + 1 };
      history = [
        ...history,
        {
          action: 'OVERRIDE',
          username: 'clerk',
          at: '2025-05-01T09:00:00.000Z',
          status: 'OVERRIDDEN',
          before: null,
          after: null,
          comment,
        },
      ];
      return { json: detailOf(record, history) };
    }
    return undefined;
  });
  return calls;
}

const posts = (calls: Call[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.split('?')[0] === path);

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AddressValidationApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  fakeViewport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/address_validation', () => {
  it('lists the invalid addresses with their order, customer and translated reasons', async () => {
    const calls = fakeServer();
    renderApp();
    const table = await screen.findByTestId('address-table');
    await waitFor(() => expect(table.textContent).toContain('SO-ADDR-1'));
    expect(table.textContent).toContain('C0001 Bakker Retail BV');
    expect(table.textContent).toContain('Postcode ABCDE is not valid in NL.');
    expect(table.textContent).toContain('Street is missing.');
    expect(calls.find((call) => call.url.startsWith(pathOf(endpoints.all)))!.url).toContain('status=INVALID');
  });

  it('edits the address: sends it with the version, shows it VALID and the edit in the history', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('address-open-7'));
    const dialog = await screen.findByTestId('address-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('address-original').textContent).toContain('ABCDE'));
    const postcode = within(dialog).getByTestId('address-field-postcode');
    await user.clear(postcode);
    await user.type(postcode, '3011 AB');
    await user.type(within(dialog).getByTestId('address-field-street'), 'Havenweg 12');
    await user.click(within(dialog).getByTestId('address-save'));
    await waitFor(() => expect(posts(calls, pathOf(endpoints.edit, { id: 7 }))).toHaveLength(1));
    expect(posts(calls, pathOf(endpoints.edit, { id: 7 }))[0]!.body).toEqual({
      version: 1,
      address: {
        name: 'Bakker Retail BV',
        street: 'Havenweg 12',
        postcode: '3011 AB',
        city: 'Rotterdam',
        countryCode: 'NL',
      },
    });
    await waitFor(() => expect(within(dialog).getByTestId('address-history').textContent).toContain('Edited'));
    expect(dialog.textContent).toContain('Valid');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.getByTestId('address-empty')).toBeTruthy());
  });

  it('overrides only with a comment, and logs it', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('address-open-7'));
    const dialog = await screen.findByTestId('address-dialog');
    const override = await within(dialog).findByTestId('address-override');
    expect((override as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByTestId('address-comment'), 'Customer confirmed by phone');
    expect((override as HTMLButtonElement).disabled).toBe(false);
    await user.click(override);
    await waitFor(() => expect(posts(calls, pathOf(endpoints.override, { id: 7 }))).toHaveLength(1));
    expect(posts(calls, pathOf(endpoints.override, { id: 7 }))[0]!.body).toEqual({
      version: 1,
      comment: 'Customer confirmed by phone',
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('address-history').textContent).toContain('Customer confirmed by phone'),
    );
    expect(within(dialog).getByTestId('address-history').textContent).toContain('clerk');
  });
});
