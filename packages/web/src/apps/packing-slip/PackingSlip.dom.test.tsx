import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings, packingSlipEndpoints, pathOf } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { PackingSlipApp } from './PackingSlipApp.js';

vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ scanner: defaultSystemSettings.scanner }) }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, signOut: vi.fn(), hasRole: () => true }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer(): Call[] {
  const calls: Call[] = [];
  const log: { at: string; username: string; kind: string; printer: string | null }[] = [];
  const answer = (path: string, method: string, query: string): Response => {
    const at = (endpoint: { path: string; method: string }, params: Record<string, string> = {}) =>
      path === pathOf(endpoint, params) && method === endpoint.method;
    if (at(packingSlipEndpoints.find)) {
      const scan = new URLSearchParams(query).get('scan');
      if (scan === 'PL-1') {
        return json(200, {
          delivery: 'DL-1',
          scanned: 'PICK_LIST',
          status: 'CREATED',
          customer: 'C1',
          customerName: 'Bakker',
          containers: 2,
        });
      }
      return json(422, { status: 422, key: 'notDelivered', args: { code: scan }, message: 'notDelivered' });
    }
    if (at(packingSlipEndpoints.pdf, { code: 'DL-1' })) {
      log.unshift({ at: '2025-01-02T10:00:00Z', username: 'clerk', kind: 'PREVIEW', printer: null });
      return new Response('%PDF-1.4 slip', { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    if (at(packingSlipEndpoints.print, { code: 'DL-1' })) {
      log.unshift({ at: '2025-01-02T10:01:00Z', username: 'clerk', kind: 'PRINT', printer: 'Dock' });
      return json(200, { printed: 1, printer: 'Dock' });
    }
    if (at(packingSlipEndpoints.log, { code: 'DL-1' })) return json(200, log);
    return json(404, { status: 404, key: 'notFound', args: {}, message: 'notFound' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const [path = '', query = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      return Promise.resolve(answer(path, method, query));
    }),
  );
  return calls;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/packing_slip']}>
        <PackingSlipApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function scan(text: string) {
  const input = screen.getByTestId('scanner-input');
  await userEvent.type(input, `${text}{Enter}`);
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:slip'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/packing_slip', () => {
  it('scans a pick list: the slip opens in the preview, prints on the delivery label printer, the log shows it', async () => {
    saveDeviceConfig({ ...currentDeviceConfig(), defaultDeliveryLabelPrinter: 7 });
    const calls = fakeServer();
    renderApp();
    expect(screen.getByTestId('handheld-prompt').textContent).toBe('Scan a delivery, pick list or container');
    await scan('PL-1');
    await waitFor(() => expect(screen.getByTestId('pdf-preview')).toBeTruthy());
    expect(screen.getByText('Delivery DL-1 (Bakker): 2 containers')).toBeTruthy();
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[closeButtons.length - 1]!);
    await waitFor(() => expect(screen.queryByTestId('pdf-preview')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'packingSlip:printed', { printer: 'Dock' }));
    expect(calls.find((call) => call.path === pathOf(packingSlipEndpoints.print, { code: 'DL-1' }))?.body).toEqual({
      printer: 7,
    });
    await waitFor(() => expect(screen.getByTestId('packing-slip-log').textContent).toContain('Print'));
    expect(screen.getByTestId('packing-slip-log').textContent).toContain('Preview');
  });

  it('a wrong scan is a danger notice with its key; nothing opens and the prompt stays', async () => {
    fakeServer();
    renderApp();
    await scan('PL-2');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:notDelivered', { code: 'PL-2' }, { sound: true }),
    );
    expect(screen.queryByTestId('pdf-preview')).toBeNull();
    expect(screen.queryByTestId('packing-slip-delivery')).toBeNull();
    expect(screen.getByTestId('handheld-prompt').textContent).toBe('Scan a delivery, pick list or container');
  });
});
