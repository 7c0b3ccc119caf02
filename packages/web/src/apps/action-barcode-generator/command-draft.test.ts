import { actionBarcodeLimits, appRoutePaths, apps, deviceSettingNames } from '@wms/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScannerInput } from '../../components/scanner/scanner-commands.js';
import { defaultDeviceConfig } from '../../platform/device-config.js';
import { evaluate, initialDraft, type CommandDraft } from './command-draft.js';

const draft = (changes: Partial<CommandDraft>): CommandDraft => ({ ...initialDraft, ...changes });

/** The content of a draft that must make a barcode. */
function contentOf(changes: Partial<CommandDraft>): string {
  const result = evaluate(draft(changes));
  if (!result.ok) throw new Error(`no barcode: ${JSON.stringify(result.problem)}`);
  return result.content;
}

/** What the scanner bar makes of a barcode: the content typed by a keyboard wedge, with its Enter. */
const scanned = (changes: Partial<CommandDraft>) => parseScannerInput(`${contentOf(changes)}\r\n`);

describe('every generated barcode reads back in the scanner bar as its command', () => {
  it('redirects to every path and sub-path of the app registry', () => {
    for (const app of apps) {
      for (const pattern of appRoutePaths(app)) {
        const path = pattern.replace(/:[A-Za-z]+/g, 'CODE-1');
        expect(scanned({ kind: 'redirect', path })).toEqual({ kind: 'redirect', path });
      }
    }
  });

  it('signs out and opens the work times', () => {
    expect(scanned({ kind: 'logout' })).toEqual({ kind: 'logout' });
    expect(scanned({ kind: 'openWorkTimes' })).toEqual({ kind: 'openWorkTimes', argument: '' });
  });

  it('names a device', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}[A-Za-z0-9]$/), (deviceName) => {
        expect(scanned({ kind: 'deviceIdentification', deviceName })).toEqual({
          kind: 'deviceIdentification',
          deviceName,
        });
      }),
    );
  });

  it('overrides device settings with the JSON as typed (minified)', () => {
    const settings = { useVirtualKeyboard: false, TTSRate: 1.5, defaultPrinter: 3, TTSVoice: null };
    expect(scanned({ kind: 'overrideDeviceSettings', settings: JSON.stringify(settings, null, 2) })).toEqual({
      kind: 'overrideDeviceSettings',
      settings,
    });
  });

  it('calls a user API with method, payload, confirmation and up to two parameters', () => {
    expect(
      scanned({
        kind: 'callUserApi',
        url: '/user-scripts/run/{param1}',
        method: 'POST',
        payload: '{ "note": "{param2}", "count": 2 }',
        confirm: true,
        confirmQuestion: 'Run it?',
        params: [
          { label: 'Order', defaultValue: '' },
          { label: 'Note', defaultValue: 'none' },
        ],
      }),
    ).toEqual({
      kind: 'callUserApi',
      call: {
        url: '/user-scripts/run/{param1}',
        method: 'POST',
        payload: { note: '{param2}', count: 2 },
        confirm: 'Run it?',
        params: [
          { label: 'Order', defaultValue: '' },
          { label: 'Note', defaultValue: 'none' },
        ],
      },
    });
    expect(scanned({ kind: 'callUserApi', url: '/user-scripts/ping', method: 'GET', confirm: false })).toEqual({
      kind: 'callUserApi',
      call: { url: '/user-scripts/ping', method: 'GET', payload: undefined, confirm: false, params: [] },
    });
    expect(
      scanned({ kind: 'callUserApi', url: '/user-scripts/ping', confirm: true, confirmQuestion: '' }),
    ).toMatchObject({
      call: { confirm: true },
    });
  });

  it('reads [PLUS n] and [MIN n] as the same exact amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('PLUS' as const, 'MIN' as const),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
        (sign, whole, decimals) => {
          const amount = decimals === undefined ? String(whole) : `${whole}.${decimals}`;
          expect(scanned({ kind: 'quantity', sign, amount })).toEqual({
            kind: 'quantity',
            sign: sign === 'PLUS' ? 1 : -1,
            amount,
          });
        },
      ),
    );
    expect(scanned({ kind: 'quantity', sign: 'MIN', amount: '2,5' })).toEqual({
      kind: 'quantity',
      sign: -1,
      amount: '2.5',
    });
  });
});

describe('the generator refuses what would not work', () => {
  const problem = (changes: Partial<CommandDraft>) => {
    const result = evaluate(draft(changes));
    return result.ok ? null : result.problem;
  };

  it('refuses a path outside the app or of no app', () => {
    expect(problem({ kind: 'redirect', path: 'https://evil.example' })).toEqual({ kind: 'field', field: 'path' });
    expect(problem({ kind: 'redirect', path: '/nowhere' })).toEqual({
      kind: 'refusal',
      key: 'unknownAppPath',
      args: { path: '/nowhere' },
    });
  });

  it('refuses device settings that do not parse or name no setting', () => {
    expect(problem({ kind: 'overrideDeviceSettings', settings: '{"a": ' })).toMatchObject({ key: 'invalidJson' });
    expect(problem({ kind: 'overrideDeviceSettings', settings: '{"useVirtualKeyboard": "yes"}' })).toMatchObject({
      key: 'invalidJson',
      args: { message: expect.stringContaining('useVirtualKeyboard') },
    });
    expect(problem({ kind: 'overrideDeviceSettings', settings: '{}' })).toMatchObject({ key: 'invalidJson' });
  });

  it('refuses a quantity of 0, too many parameters and content over the QR limit', () => {
    expect(problem({ kind: 'quantity', amount: '0' })).toEqual({ kind: 'field', field: 'amount' });
    expect(problem({ kind: 'quantity', amount: '-1' })).toEqual({ kind: 'field', field: 'amount' });
    const param = { label: 'x', defaultValue: '' };
    expect(problem({ kind: 'callUserApi', params: [param, param, param] })).toEqual({ kind: 'field', field: 'params' });
    const payload = JSON.stringify({ text: 'x'.repeat(actionBarcodeLimits.maxContentLength) });
    expect(problem({ kind: 'callUserApi', payload })).toMatchObject({ key: 'barcodeContentTooLong' });
  });

  it('makes short printable content a Code 128 and the rest a QR code', () => {
    expect(evaluate(draft({ kind: 'logout' }))).toMatchObject({ symbology: 'code128' });
    expect(evaluate(draft({ kind: 'redirect', path: '/item/item_info' }))).toMatchObject({ symbology: 'code128' });
    expect(evaluate(draft({ kind: 'redirect', path: '/location/location_info' }))).toMatchObject({ symbology: 'qr' });
    expect(evaluate(draft({ kind: 'deviceIdentification', deviceName: 'Łódź 1' }))).toMatchObject({
      symbology: 'qr',
    });
  });
});

describe('the device settings schema in contract', () => {
  it('names exactly the settings the device config keeps', () => {
    expect([...deviceSettingNames].sort()).toEqual(Object.keys(defaultDeviceConfig({ touchDevice: false })).sort());
  });
});
