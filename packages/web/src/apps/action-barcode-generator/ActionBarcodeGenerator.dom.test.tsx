import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apps, labelGeneratorEndpoints, pathOf } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import { defaultDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { ActionBarcodeGeneratorApp } from './ActionBarcodeGeneratorApp.js';

vi.mock('../../platform/useVisibleApps.js', () => ({
  useVisibleApps: () => apps.filter((app) => ['itemInfo', 'locationInfo', 'dashboard'].includes(app.id)),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ActionBarcodeGeneratorApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const preview = () => screen.getByTestId('action-barcode-preview');

describe('the action barcode generator', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(
      async () => new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:sheet-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews a redirect chosen from the apps, and a sub-path typed after it', async () => {
    const user = userEvent.setup();
    renderApp();
    expect(preview().dataset.content).toBe('_be_redirect_/item/item_info');
    expect(preview().dataset.symbology).toBe('code128');
    expect(preview().querySelectorAll('rect').length).toBeGreaterThan(20);

    await user.selectOptions(screen.getByTestId('action-barcode-app'), 'locationInfo');
    expect(preview().dataset.content).toBe('_be_redirect_/location/location_info');
    expect(preview().dataset.symbology).toBe('qr');

    await user.type(screen.getByTestId('action-barcode-path'), '/A-01');
    expect(preview().dataset.content).toBe('_be_redirect_/location/location_info/A-01');
    expect(screen.getByTestId('action-barcode-caption')).toHaveProperty(
      'placeholder',
      'Open Location information: /A-01',
    );

    await user.clear(screen.getByTestId('action-barcode-path'));
    await user.type(screen.getByTestId('action-barcode-path'), '/nowhere');
    expect(screen.queryByTestId('action-barcode-preview')).toBeNull();
    // At the path, and instead of the preview.
    expect(screen.getByTestId('action-barcode-path').className).toContain('is-invalid');
    expect(screen.getByTestId('action-barcode-problem').textContent).toBe('/nowhere is not the path of an app.');
    expect(screen.getByTestId('action-barcode-add')).toHaveProperty('disabled', true);
  });

  it('refuses device settings that are no JSON or name no setting, at the field', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.selectOptions(screen.getByTestId('action-barcode-kind'), 'overrideDeviceSettings');
    expect(preview().dataset.content).toBe('_be_override_device_settings_{"useVirtualKeyboard":true}');
    const settings = screen.getByTestId('action-barcode-settings');
    await user.clear(settings);
    await user.type(settings, '{{"useVirtualKeyboard": 1}');
    expect(settings.className).toContain('is-invalid');
    expect(settings.parentElement?.querySelector('.invalid-feedback')?.textContent).toMatch(
      /^The JSON cannot be used: useVirtualKeyboard: /,
    );
    expect(screen.getByTestId('action-barcode-add')).toHaveProperty('disabled', true);
  });

  it('collects barcodes with captions and sends the sheet for the A4 PDF, shown in the preview', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.selectOptions(screen.getByTestId('action-barcode-kind'), 'quantity');
    await user.clear(screen.getByTestId('action-barcode-amount'));
    await user.type(screen.getByTestId('action-barcode-amount'), '5');
    expect(preview().dataset.content).toBe('[PLUS5]');
    await user.click(screen.getByTestId('action-barcode-add'));

    await user.selectOptions(screen.getByTestId('action-barcode-sign'), 'MIN');
    await user.type(screen.getByTestId('action-barcode-caption'), 'Take one back');
    await user.clear(screen.getByTestId('action-barcode-amount'));
    await user.type(screen.getByTestId('action-barcode-amount'), '1');
    await user.click(screen.getByTestId('action-barcode-add'));

    const rows = within(screen.getByTestId('action-barcode-sheet')).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((row) => row.dataset.content)).toEqual(['[PLUS5]', '[MIN1]']);
    expect(rows.map((row) => row.cells[1]?.textContent)).toEqual(['Plus 5', 'Take one back']);

    await user.click(screen.getByTestId('action-barcode-pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(pathOf(labelGeneratorEndpoints.actionBarcodesPdf));
    expect(JSON.parse(init.body as string)).toEqual({
      barcodes: [
        { command: { kind: 'quantity', sign: 'PLUS', amount: '5' }, caption: 'Plus 5' },
        { command: { kind: 'quantity', sign: 'MIN', amount: '1' }, caption: 'Take one back' },
      ],
      size: 'normal',
    });
    const modal = await screen.findByTestId('pdf-preview');
    expect(modal.querySelector('iframe')?.getAttribute('src')).toBe('blob:sheet-1');
  });

  it('prints the sheet on the device default printer', async () => {
    saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: false }), defaultPrinter: 4 });
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ printed: 1, printer: 'Zebra dock' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp();
    await user.selectOptions(screen.getByTestId('action-barcode-kind'), 'logout');
    expect(preview().dataset.content).toBe('_be_logout_');
    await user.click(screen.getByTestId('action-barcode-add'));
    await user.click(screen.getByTestId('action-barcode-print'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'actionBarcodes:printed', { count: 1, printer: 'Zebra dock' }),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(pathOf(labelGeneratorEndpoints.actionBarcodesPrint));
    expect(JSON.parse(init.body as string)).toEqual({
      barcodes: [{ command: { kind: 'logout' }, caption: 'Sign out' }],
      size: 'normal',
      printer: 4,
    });
  });
});
