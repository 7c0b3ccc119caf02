import { describe, expect, it } from 'vitest';
import { defaultDeviceConfig } from '../../platform/device-config.js';
import { applyUserApiParams, isLocalPath, mergeDeviceSettings, parseScannerInput } from './scanner-commands.js';

describe('parseScannerInput', () => {
  it('reads a plain scan, trimmed', () => {
    expect(parseScannerInput('  ITEM-001\r\n')).toEqual({ kind: 'scan', text: 'ITEM-001' });
  });

  it('reads [PLUS<n>] and [MIN<n>] as quantities with exact amounts', () => {
    expect(parseScannerInput('[PLUS5]')).toEqual({ kind: 'quantity', sign: 1, amount: '5' });
    expect(parseScannerInput('[MIN12]')).toEqual({ kind: 'quantity', sign: -1, amount: '12' });
    expect(parseScannerInput('[plus2.5]')).toEqual({ kind: 'quantity', sign: 1, amount: '2.5' });
    expect(parseScannerInput('[MIN0,25]')).toEqual({ kind: 'quantity', sign: -1, amount: '0.25' });
  });

  it('keeps near misses as scans', () => {
    expect(parseScannerInput('[PLUS]')).toEqual({ kind: 'scan', text: '[PLUS]' });
    expect(parseScannerInput('[PLUS5]X')).toEqual({ kind: 'scan', text: '[PLUS5]X' });
    expect(parseScannerInput('[MINUS5]')).toEqual({ kind: 'scan', text: '[MINUS5]' });
  });

  it('reads a redirect to a local path only', () => {
    expect(parseScannerInput('_be_redirect_/item/item_info/A1')).toEqual({
      kind: 'redirect',
      path: '/item/item_info/A1',
    });
    for (const bad of [
      '_be_redirect_https://evil.example',
      '_be_redirect_//evil.example',
      '_be_redirect_',
      '_be_redirect_/\\x',
    ])
      expect(parseScannerInput(bad)).toEqual({ kind: 'invalidCommand', command: 'redirect', reason: 'invalidPath' });
  });

  it('reads a device identification', () => {
    expect(parseScannerInput('_be_device_identification_Scanner 7')).toEqual({
      kind: 'deviceIdentification',
      deviceName: 'Scanner 7',
    });
    expect(parseScannerInput('_be_device_identification_ ')).toMatchObject({
      kind: 'invalidCommand',
      reason: 'missingValue',
    });
  });

  it('reads device settings as a JSON object', () => {
    expect(parseScannerInput('_be_override_device_settings_{"useVirtualKeyboard":true}')).toEqual({
      kind: 'overrideDeviceSettings',
      settings: { useVirtualKeyboard: true },
    });
    for (const bad of ['{nope', '[1]', '"x"'])
      expect(parseScannerInput(`_be_override_device_settings_${bad}`)).toEqual({
        kind: 'invalidCommand',
        command: 'overrideDeviceSettings',
        reason: 'invalidJson',
      });
  });

  it('reads a user API call with its confirm flag and parameters', () => {
    const input = parseScannerInput(
      '_be_call_user_api_{"url":"/fake/x/{param1}","method":"post","payload":{"a":"{param2}"},"confirm":true,"params":["Order",{"label":"Qty","defaultValue":"1"}]}',
    );
    expect(input).toEqual({
      kind: 'callUserApi',
      call: {
        url: '/fake/x/{param1}',
        method: 'POST',
        payload: { a: '{param2}' },
        confirm: true,
        params: [
          { label: 'Order', defaultValue: '' },
          { label: 'Qty', defaultValue: '1' },
        ],
      },
    });
    expect(parseScannerInput('_be_call_user_api_{"url":"/a","confirm":"Really?"}')).toMatchObject({
      call: { method: 'GET', confirm: 'Really?', params: [] },
    });
  });

  it('refuses bad user API calls with a reason', () => {
    const reason = (json: string) => {
      const input = parseScannerInput(`_be_call_user_api_${json}`);
      return input.kind === 'invalidCommand' ? input.reason : null;
    };
    expect(reason('{')).toBe('invalidJson');
    expect(reason('{"url":"https://evil.example/"}')).toBe('invalidPath');
    expect(reason('{"method":"GET"}')).toBe('invalidPath');
    expect(reason('{"url":"/a","method":"DELETE"}')).toBe('invalidMethod');
    expect(reason('{"url":"/a","params":["a","b","c"]}')).toBe('tooManyParams');
    expect(reason('{"url":"/a","params":[1]}')).toBe('invalidJson');
  });

  it('reads logout, peripheral input and work times', () => {
    expect(parseScannerInput('_be_logout_')).toEqual({ kind: 'logout' });
    expect(parseScannerInput('_be_peripheral_input_{"scale":12.5}')).toEqual({
      kind: 'peripheralInput',
      value: '{"scale":12.5}',
    });
    expect(parseScannerInput('_be_open_work_times_')).toEqual({ kind: 'openWorkTimes', argument: '' });
  });
});

describe('helpers', () => {
  it('isLocalPath accepts only same-origin paths', () => {
    expect(isLocalPath('/a/b?c=1')).toBe(true);
    expect(isLocalPath('a/b')).toBe(false);
    expect(isLocalPath('//host/x')).toBe(false);
    expect(isLocalPath('/a b')).toBe(false);
  });

  it('applyUserApiParams fills url (encoded) and payload strings (raw)', () => {
    const call = {
      url: '/api/{param1}/{param2}',
      method: 'POST' as const,
      payload: { a: ['{param1}'], n: 3 },
      confirm: false,
      params: [],
    };
    expect(applyUserApiParams(call, ['A/1', 'b c'])).toEqual({
      url: '/api/A%2F1/b%20c',
      payload: { a: ['A/1'], n: 3 },
    });
  });

  it('mergeDeviceSettings lays valid fields over the config and drops unknown or bad ones', () => {
    const current = { ...defaultDeviceConfig({ touchDevice: false }), deviceName: 'D1' };
    const merged = mergeDeviceSettings(current, {
      useVirtualKeyboard: true,
      TTSRate: 99,
      bogus: 1,
      allowSelectingText: 'x',
    });
    expect(merged).toEqual({ ...current, useVirtualKeyboard: true, TTSRate: 10 });
  });
});
