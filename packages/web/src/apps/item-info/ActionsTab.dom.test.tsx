import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itemActionEndpoints, pathOf, printerEndpoints } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { rememberPrinter } from '../../components/printer-choice/remembered-printer.js';
import { ActionsTab } from './ActionsTab.js';
import { demoItem, renderAt, stubFetch, type Call } from './test-support.js';

const state = vi.hoisted(() => ({ roles: [] as string[] }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ hasRole: (role: string) => state.roles.includes(role), me: null }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

let calls: Call[] = [];
let serverPrinters: { id: number; name: string }[] = [];
const posts = () => calls.filter((call) => call.method === 'POST');
const item1 = { code: 'ITEM-001' };
const labelPath = pathOf(itemActionEndpoints.label);
const barcodePath = pathOf(itemActionEndpoints.setBarcode, item1);
const imagePath = pathOf(itemActionEndpoints.uploadImage, item1);

function setPrinter(choice: number | string) {
  saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: false }), defaultItemLabelPrinter: choice });
}

beforeEach(() => {
  state.roles = ['information', 'barcodeSetup', 'itemManagedByEdit'];
  setPrinter(-1);
  rememberPrinter(null);
  serverPrinters = [];
  calls = stubFetch((method, url) => {
    if (method === 'GET' && url === pathOf(printerEndpoints.available))
      return {
        json: serverPrinters.map((printer) => ({ ...printer, printType: 'VOID', paper: 'LABEL', labelFormat: 'ZPL' })),
      };
    if (method !== 'POST') return undefined;
    if (url === labelPath) return { json: { printed: 2, printer: 'Test printer' } };
    if (url === barcodePath) return { json: demoItem };
    if (url === imagePath)
      return {
        json: {
          imagePath: 'item_images/ITEM-001.png',
          url: pathOf(itemActionEndpoints.staticImage, { file: 'ITEM-001.png' }),
        },
      };
    if (url.startsWith(pathOf(itemActionEndpoints.setManagedBy, { ...item1, type: '' })))
      return { json: { managedBy: 'SERIAL_NUMBER', convertedRows: 3 } };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderActions() {
  renderAt('/item/item_info/ITEM-001', <ActionsTab item={demoItem} />);
  return userEvent.setup();
}

const modal = () => screen.getByTestId('question-modal');
const input = () => screen.getByTestId<HTMLInputElement>('question-input');

async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(input());
  if (text) await user.type(input(), text);
  await user.click(screen.getByTestId('question-ok'));
}

describe('ActionsTab roles', () => {
  it('shows only printing to a user without barcodeSetup or itemManagedByEdit', () => {
    state.roles = ['information'];
    renderActions();
    expect(screen.getAllByTestId(/^action-/).map((section) => section.dataset.testid)).toEqual(['action-print']);
    expect(screen.queryByTestId('action-barcode')).toBeNull();
    expect(screen.queryByTestId('action-image')).toBeNull();
    expect(screen.queryByTestId('action-managed-by')).toBeNull();
  });

  it('shows every action to a user with the roles, and no production order action', () => {
    renderActions();
    expect(
      screen
        .getAllByTestId(/^action-/)
        .map((section) => section.dataset.testid)
        .sort(),
    ).toEqual(['action-print', 'action-barcode', 'action-image', 'action-managed-by'].sort());
    expect(screen.queryByText(/production order/i)).toBeNull();
  });
});

describe('setting a barcode', () => {
  it('lets the user choose between the GS1 GTIN and the raw text, then asks the quantity (default 1.0)', async () => {
    const user = renderActions();
    await user.click(screen.getByTestId('set-barcode-3'));
    await answer(user, '(01)05412345000013(10)ABC');
    const options = within(modal()).getAllByTestId(/question-option-/);
    expect(options.map((option) => option.textContent)).toEqual(['05412345000013', '(01)05412345000013(10)ABC']);
    await user.click(options[0]!);
    await waitFor(() => expect(input().value).toBe('1.0'));
    await user.click(screen.getByTestId('question-ok'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: barcodePath,
      body: { slot: 'BARCODE3', barcode: '05412345000013', quantity: 1 },
    });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'itemInfo:actions.barcode.saved'));
  });

  it('cancels silently on a non-numeric quantity', async () => {
    const user = renderActions();
    await user.click(screen.getByTestId('set-barcode-1'));
    await answer(user, '4006381333931');
    await waitFor(() => expect(input().value).toBe('1.0'));
    await answer(user, 'many');
    await waitFor(() => expect(screen.queryByTestId('question-input')).toBeNull());
    expect(posts()).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('asks to confirm a wrong GTIN check digit and saves it confirmed only then', async () => {
    calls = stubFetch((method, url, body) => {
      if (method !== 'POST' || url !== barcodePath) return undefined;
      if ((body as { confirmed?: boolean }).confirmed) return { json: demoItem };
      const args = { barcode: '4006381333932' };
      return { status: 422, json: { status: 422, key: 'invalidGtinCheckDigit', args, message: 'check digit' } };
    });
    const user = renderActions();
    await user.click(screen.getByTestId('set-barcode-1'));
    await answer(user, '4006381333932');
    await waitFor(() => expect(input().value).toBe('1.0'));
    await user.click(screen.getByTestId('question-ok'));
    await waitFor(() =>
      expect(modal().querySelector('.modal-body')?.textContent).toBe(
        'The check digit of 4006381333932 is wrong: it is not a valid GTIN.',
      ),
    );
    expect(notify).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('question-ok'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts().map((call) => call.body)).toEqual([
      { slot: 'BARCODE1', barcode: '4006381333932', quantity: 1 },
      { slot: 'BARCODE1', barcode: '4006381333932', quantity: 1, confirmed: true },
    ]);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'itemInfo:actions.barcode.saved'));
  });

  it('says no barcode found when the entry holds no code', async () => {
    const user = renderActions();
    await user.click(screen.getByTestId('set-barcode-1'));
    await answer(user, ']C1');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:noBarcodeFound'));
    expect(posts()).toHaveLength(0);
  });

  it('asks before clearing a barcode, and clears it only when confirmed', async () => {
    const user = renderActions();
    await user.click(screen.getByTestId('clear-barcode-2'));
    expect(modal().querySelector('.modal-body')?.textContent).toBe('Clear barcode 2 (8712345000028)?');
    await user.click(screen.getByTestId('question-cancel'));
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByTestId('clear-barcode-2'));
    await user.click(await screen.findByTestId('question-ok'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ slot: 'BARCODE2', barcode: null });
    expect(screen.queryByTestId('clear-barcode-3')).toBeNull();
  });
});

describe('printing labels', () => {
  it('refuses without a server printer: noPrinterSelected, nothing sent', async () => {
    setPrinter('PERIPHERAL');
    const user = renderActions();
    await user.click(screen.getByTestId('print-quick'));
    expect(notify).toHaveBeenCalledWith('danger', 'errors:noPrinterSelected');
    expect(posts()).toHaveLength(0);
  });

  it('prints nothing for a count of 0, the asked count otherwise, and reports the answer', async () => {
    setPrinter(7);
    const user = renderActions();
    await user.click(screen.getByTestId('print-label'));
    await answer(user, '0');
    await waitFor(() => expect(screen.queryByTestId('question-input')).toBeNull());
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByTestId('print-label'));
    await answer(user, '2');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: labelPath,
      body: { printer: 7, jobs: [{ item: 'ITEM-001', batch: null, serial: null, quantity: 2 }] },
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'itemInfo:actions.print.printed', {
        count: 2,
        printer: 'Test printer',
      }),
    );
  });

  it('quick print sends one label without asking', async () => {
    setPrinter(7);
    const user = renderActions();
    await user.click(screen.getByTestId('print-quick'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.queryByTestId('question-input')).toBeNull();
    expect(posts()[0]!.body).toMatchObject({ jobs: [{ quantity: 1 }] });
  });
});

describe('choosing a printer when the device has none', () => {
  it('asks which server printer, prints there, and remembers the choice until reload', async () => {
    serverPrinters = [
      { id: 7, name: 'Test printer' },
      { id: 9, name: 'Dock printer' },
    ];
    const user = renderActions();
    await user.click(screen.getByTestId('print-quick'));
    const choice = await screen.findByTestId('printer-choice');
    await user.selectOptions(within(choice).getByRole('combobox'), '9');
    await user.click(within(choice).getByTestId('printer-choice-ok'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ printer: 9 });

    await user.click(screen.getByTestId('print-quick'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toMatchObject({ printer: 9 });
    expect(screen.queryByTestId('printer-choice')).toBeNull();
  });

  it('asks again next time when remember is off, and prints nothing when cancelled', async () => {
    serverPrinters = [{ id: 7, name: 'Test printer' }];
    const user = renderActions();
    await user.click(screen.getByTestId('print-quick'));
    let choice = await screen.findByTestId('printer-choice');
    await user.click(within(choice).getByLabelText('Remember until the page is reloaded'));
    await user.click(within(choice).getByTestId('printer-choice-ok'));
    await waitFor(() => expect(posts()).toHaveLength(1));

    await user.click(screen.getByTestId('print-quick'));
    choice = await screen.findByTestId('printer-choice');
    await user.click(within(choice).getByTestId('printer-choice-cancel'));
    await waitFor(() => expect(screen.queryByTestId('printer-choice')).toBeNull());
    expect(posts()).toHaveLength(1);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything());
  });

  it('says noPintersAvailable and prints nothing when the server has no printer', async () => {
    const user = renderActions();
    await user.click(screen.getByTestId('print-quick'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:noPintersAvailable'));
    expect(screen.queryByTestId('printer-choice')).toBeNull();
    expect(posts()).toHaveLength(0);
  });
});

describe('changing the management type', () => {
  it('asks batch name and serial prefix with their defaults, confirms, and sends an idempotency key', async () => {
    const user = renderActions();
    await user.selectOptions(screen.getByTestId('managed-by-target'), 'SERIAL_NUMBER');
    await user.click(screen.getByTestId('managed-by-convert'));
    await waitFor(() => expect(input().value).toBe('BE_CONV'));
    await user.click(screen.getByTestId('question-ok'));
    await waitFor(() => expect(input().value).toBe('BE_CONV_'));
    await answer(user, 'SN-');
    await waitFor(() =>
      expect(modal().querySelector('.modal-body')?.textContent).toBe('Convert ITEM-001 from Normal to Serial numbers?'),
    );
    await user.click(screen.getByTestId('question-ok'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const call = posts()[0]!;
    expect(call.url).toBe(pathOf(itemActionEndpoints.setManagedBy, { ...item1, type: 'SERIAL_NUMBER' }));
    expect(call.body).toEqual({ newBatchName: 'BE_CONV', newSerialPrefix: 'SN-' });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'itemInfo:actions.managedBy.success'));
  });

  it('converts nothing when the confirmation is declined', async () => {
    const user = renderActions();
    await user.selectOptions(screen.getByTestId('managed-by-target'), 'BATCH_NUMBER');
    await user.click(screen.getByTestId('managed-by-convert'));
    await waitFor(() => expect(input().value).toBe('BE_CONV'));
    await user.click(screen.getByTestId('question-ok'));
    await user.click(await screen.findByTestId('question-cancel'));
    await waitFor(() => expect(screen.queryByTestId('question-ok')).toBeNull());
    expect(posts()).toHaveLength(0);
    expect(screen.queryByRole('option', { name: 'Normal' })).toBeNull();
  });
});

describe('uploading an image', () => {
  it('posts the chosen file as multipart field "file" and says so', async () => {
    const user = renderActions();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bolt.png', { type: 'image/png' });
    const input = screen.getByTestId<HTMLInputElement>('item-image-file');
    expect(input.accept).toBe('.png,.jpg,.jpeg,.gif');
    await user.upload(input, file);
    await waitFor(() => expect(posts()).toHaveLength(1));
    const call = posts()[0]!;
    expect(call.url).toBe(imagePath);
    expect(call.body).toBeInstanceOf(FormData);
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'itemInfo:actions.image.uploaded'));
  });
});
