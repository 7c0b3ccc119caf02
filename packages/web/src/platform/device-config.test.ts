import { describe, expect, it } from 'vitest';
import { deviceIdentificationCode } from '@wms/contract';
import {
  clampTtsRate,
  defaultDeviceConfig,
  deviceNameFromIdentification,
  deviceNameProblem,
  parseDeviceConfig,
} from './device-config.js';

const desktop = { touchDevice: false };
const handheld = { touchDevice: true };

describe('device config defaults', () => {
  it('has no printers (-1), rate 1, no voice, no fullscreen, and desktop/handheld specific toggles', () => {
    expect(defaultDeviceConfig(desktop)).toEqual({
      deviceName: '',
      defaultPrinter: -1,
      defaultItemLabelPrinter: -1,
      defaultLocationLabelPrinter: -1,
      defaultDeliveryLabelPrinter: -1,
      allowSelectingText: true,
      useEmbeddedBarcodeScanner: false,
      useVirtualKeyboard: false,
      TTSVoice: null,
      TTSRate: 1,
      goFullscreenOnFirstInteraction: false,
      scannerRepeatWindowMs: 80,
    });
    expect(defaultDeviceConfig(handheld)).toMatchObject({ allowSelectingText: false, useVirtualKeyboard: true });
  });
});

describe('parseDeviceConfig', () => {
  it('is null without a stored entry or with one that is not an object', () => {
    for (const raw of [null, '', 'not json', '[]', '42', 'null', '"text"'])
      expect(parseDeviceConfig(raw, desktop)).toBeNull();
  });

  it('reads a complete entry as it is', () => {
    const stored = {
      ...defaultDeviceConfig(desktop),
      deviceName: 'scanner-7',
      defaultPrinter: 'PERIPHERAL',
      defaultItemLabelPrinter: 3,
      TTSVoice: 'Google Nederlands',
      TTSRate: 2.5,
      allowSelectingText: false,
    };
    expect(parseDeviceConfig(JSON.stringify(stored), desktop)).toEqual(stored);
  });

  it('gives each missing or mistyped field its default, per device kind', () => {
    const parsed = parseDeviceConfig(
      JSON.stringify({ deviceName: 7, defaultPrinter: -5, allowSelectingText: 'yes', TTSVoice: '', TTSRate: 'fast' }),
      handheld,
    );
    expect(parsed).toEqual({ ...defaultDeviceConfig(handheld), TTSRate: 1 });
    expect(parseDeviceConfig('{}', desktop)).toEqual(defaultDeviceConfig(desktop));
  });

  it('trims the device name and clamps the TTS rate to 0.1..10 on the 0.1 grid', () => {
    const parsed = parseDeviceConfig(JSON.stringify({ deviceName: '  desk 1 ', TTSRate: 42 }), desktop);
    expect(parsed).toMatchObject({ deviceName: 'desk 1', TTSRate: 10 });
    expect(clampTtsRate(0)).toBe(0.1);
    expect(clampTtsRate(-3)).toBe(0.1);
    expect(clampTtsRate(1.26)).toBe(1.3);
    expect(clampTtsRate('2.5')).toBe(2.5);
    expect(clampTtsRate(Number.NaN)).toBe(1);
    expect(clampTtsRate(undefined)).toBe(1);
  });

  it('keeps the scanner repeat window within 0..1000 ms; anything unusable gives 80 ms', () => {
    const read = (value: unknown) =>
      parseDeviceConfig(JSON.stringify({ scannerRepeatWindowMs: value }), desktop)?.scannerRepeatWindowMs;
    expect(read(150)).toBe(150);
    expect(read(0)).toBe(0);
    expect(read(-5)).toBe(0);
    expect(read(5000)).toBe(1000);
    expect(read('120')).toBe(120);
    expect(read('fast')).toBe(80);
    expect(read(null)).toBe(80);
  });
});

describe('device names and identification codes', () => {
  it('refuses slashes and control characters and names over 100 characters', () => {
    expect(deviceNameProblem('scanner 7')).toBeNull();
    expect(deviceNameProblem('')).toBeNull();
    expect(deviceNameProblem('a/b')).toBe('invalidCharacters');
    expect(deviceNameProblem('a\\b')).toBe('invalidCharacters');
    expect(deviceNameProblem('a\tb')).toBe('invalidCharacters');
    expect(deviceNameProblem('x'.repeat(101))).toBe('tooLong');
  });

  it('round-trips a device name through its identification code', () => {
    expect(deviceIdentificationCode('desk-1', null)).toBe('_be_device_identification_desk-1');
    expect(deviceNameFromIdentification(' _be_device_identification_desk-1 ')).toBe('desk-1');
    expect(deviceNameFromIdentification('operator')).toBeNull();
    expect(deviceNameFromIdentification('_be_device_identification_')).toBe('');
  });
});
