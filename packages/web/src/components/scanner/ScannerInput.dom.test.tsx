import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authEndpoints, pathOf } from '@wms/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentDeviceConfig, defaultDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { ScannerInput } from './ScannerInput.js';
import { onOpenWorkTimes, onPeripheralInput } from './scanner-events.js';

const signOut = vi.fn(async () => undefined);
vi.mock('../../platform/session.js', () => ({ useSession: () => ({ signOut }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
const visible = vi.hoisted(() => ({ apps: [] as { id: string; path: string }[] }));
vi.mock('../../platform/useVisibleApps.js', () => ({ useVisibleApps: () => visible.apps }));

const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
);

function Where() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

const onScan = vi.fn();
const onQuantity = vi.fn();

function renderBar() {
  render(
    <MemoryRouter initialEntries={['/start?x=1']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ScannerInput onScan={onScan} onQuantity={onQuantity} />
              <input aria-label="other" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), input: screen.getByTestId<HTMLInputElement>('scanner-input') };
}

/** Puts the text in the bar (brackets and braces are user-event syntax) and presses Enter. */
async function scan(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  input.focus();
  await user.keyboard('{Enter}');
}

const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, method: init?.method, body: init?.body }));

describe('ScannerInput', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: false }), deviceName: 'here' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('takes focus and submits the text as a scan on Enter', async () => {
    const { user, input } = renderBar();
    expect(document.activeElement).toBe(input);
    await user.type(input, ' ITEM-1 {Enter}');
    expect(onScan).toHaveBeenCalledWith('ITEM-1');
    expect(input.value).toBe('');
    await user.keyboard('{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('reports [PLUS<n>] and [MIN<n>] as quantities', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '[PLUS5]');
    await scan(user, input, '[MIN2.5]');
    expect(onQuantity.mock.calls).toEqual([
      [1, '5'],
      [-1, '2.5'],
    ]);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('refocuses itself 1 ms after losing focus to nothing, not when another input takes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { input } = renderBar();
      await act(async () => {
        input.blur();
      });
      expect(document.activeElement).toBe(document.body);
      await act(async () => {
        vi.advanceTimersByTime(1);
      });
      expect(document.activeElement).toBe(input);
      const other = screen.getByLabelText('other');
      await act(async () => {
        other.focus();
      });
      await act(async () => {
        vi.advanceTimersByTime(5);
      });
      expect(document.activeElement).toBe(other);
    } finally {
      vi.useRealTimers();
    }
  });

  it('_be_redirect_ navigates', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_redirect_/item/item_info/A1');
    expect(screen.getByTestId('path').textContent).toBe('/item/item_info/A1');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('_be_device_identification_ transfers the session to the paired device after confirmation', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_device_identification_Scanner 7/pairing-secret-0123456789');
    expect(screen.getByRole('dialog').querySelector('.modal-body')?.textContent).toBe(
      'Transfer your session to device Scanner 7?',
    );
    await user.click(screen.getByTestId('scanner-dialog-ok'));
    expect(calls()).toEqual([
      {
        url: pathOf(authEndpoints.createTransferToken, { deviceName: 'Scanner 7' }),
        method: 'POST',
        body: '{"path":"/start?x=1","pairing":"pairing-secret-0123456789"}',
      },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'components:scanner.sessionTransferred', {
      deviceName: 'Scanner 7',
    });
  });

  it('_be_device_identification_ does nothing when not confirmed', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_device_identification_Scanner 7');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('_be_override_device_settings_ merges and saves the settings', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_override_device_settings_{"useVirtualKeyboard":true,"TTSRate":2,"nonsense":1}');
    expect(currentDeviceConfig()).toMatchObject({ deviceName: 'here', useVirtualKeyboard: true, TTSRate: 2 });
    expect(currentDeviceConfig()).not.toHaveProperty('nonsense');
    expect(notify).toHaveBeenCalledWith('success', 'common:changedDeviceSettings');
  });

  it('_be_call_user_api_ prompts the parameters, confirms and calls through the platform client', async () => {
    const { user, input } = renderBar();
    await scan(
      user,
      input,
      '_be_call_user_api_{"url":"/fake/custom/{param1}","method":"POST","payload":{"qty":"{param2}"},"confirm":true,"params":["Order",{"label":"Quantity","defaultValue":"1"}]}',
    );
    expect(screen.getByLabelText('Order')).toBe(screen.getByTestId('scanner-prompt-input'));
    await user.type(screen.getByTestId('scanner-prompt-input'), 'SO 1{Enter}');
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('1');
    await user.type(screen.getByTestId('scanner-prompt-input'), '0{Enter}');
    expect(screen.getByRole('dialog').querySelector('.modal-body')?.textContent).toBe('Call /fake/custom/SO%201?');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('scanner-dialog-ok'));
    expect(calls()).toEqual([{ url: '/fake/custom/SO%201', method: 'POST', body: '{"qty":"10"}' }]);
    expect(notify).toHaveBeenCalledWith('success', 'components:scanner.userApiCalled');
  });

  it('_be_call_user_api_ without confirm calls at once; GET sends the payload as query', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_call_user_api_{"url":"/fake/ping","method":"GET","payload":{"a":1}}');
    expect(calls()).toEqual([{ url: '/fake/ping?a=1', method: 'GET', body: undefined }]);
  });

  it('_be_call_user_api_ stops when a parameter prompt is cancelled', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_call_user_api_{"url":"/fake/x/{param1}","params":["Order"]}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('_be_logout_ signs out', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_logout_');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('_be_peripheral_input_ and _be_open_work_times_ reach their listeners', async () => {
    const peripheral = vi.fn();
    const workTimes = vi.fn();
    const offPeripheral = onPeripheralInput(peripheral);
    const offWorkTimes = onOpenWorkTimes(workTimes);
    const { user, input } = renderBar();
    await scan(user, input, '_be_peripheral_input_{"weight":12.5}');
    await scan(user, input, '_be_open_work_times_');
    offPeripheral();
    offWorkTimes();
    await scan(user, input, '_be_peripheral_input_again');
    expect(peripheral.mock.calls).toEqual([['{"weight":12.5}']]);
    expect(workTimes.mock.calls).toEqual([['']]);
  });

  it('_be_open_work_times_ with no work time screen open goes to the own work times, where the user has them', async () => {
    const { user, input } = renderBar();
    visible.apps = [];
    await scan(user, input, '_be_open_work_times_');
    expect(notify).toHaveBeenCalledWith('danger', 'components:scanner.workTimesNotAvailable');
    expect(screen.getByTestId('path').textContent).toBe('/start');
    visible.apps = [{ id: 'workConfirmation', path: '/production/work_confirmation' }];
    await scan(user, input, '_be_open_work_times_');
    expect(screen.getByTestId('path').textContent).toBe('/production/work_confirmation');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('a broken command shows what is wrong and is not a scan', async () => {
    const { user, input } = renderBar();
    await scan(user, input, '_be_override_device_settings_{broken');
    expect(notify).toHaveBeenCalledWith('danger', 'components:scanner.invalid.invalidJson', {
      command: 'overrideDeviceSettings',
    });
    expect(onScan).not.toHaveBeenCalled();
  });
});
