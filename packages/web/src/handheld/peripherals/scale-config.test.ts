import { describe, expect, it } from 'vitest';
import {
  decodeScaleCommand,
  defaultScaleConfig,
  effectiveScaleDriver,
  normalizeBluetoothUuid,
  parseScaleConfig,
  parseTestWeight,
} from './scale-config.js';

describe('scale config defaults', () => {
  it('are AUTO, the serial-over-BLE service ffe0 / characteristic ffe1, command P\\r\\n', () => {
    expect(defaultScaleConfig).toEqual({
      driver: 'AUTO',
      serviceUuid: '0000ffe0-0000-1000-8000-00805f9b34fb',
      characteristicUuid: '0000ffe1-0000-1000-8000-00805f9b34fb',
      command: 'P\\r\\n',
      testWeight: 1.234,
    });
    expect(decodeScaleCommand(defaultScaleConfig.command)).toBe('P\r\n');
  });

  it('AUTO is the TEST driver on a TEST server and Bluetooth elsewhere; a choice stays', () => {
    expect(effectiveScaleDriver('AUTO', 'TEST')).toBe('TEST');
    expect(effectiveScaleDriver('AUTO', 'PRODUCTION')).toBe('BLUETOOTH');
    expect(effectiveScaleDriver('AUTO', 'DEV')).toBe('BLUETOOTH');
    expect(effectiveScaleDriver('BLUETOOTH', 'TEST')).toBe('BLUETOOTH');
    expect(effectiveScaleDriver('TEST', 'PRODUCTION')).toBe('TEST');
  });
});

describe('normalizeBluetoothUuid', () => {
  it('keeps a full UUID in lower case and expands 16- and 32-bit aliases', () => {
    expect(normalizeBluetoothUuid(' 6E400001-B5A3-F393-E0A9-E50E24DCCA9E ')).toBe(
      '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
    );
    expect(normalizeBluetoothUuid('ffe0')).toBe('0000ffe0-0000-1000-8000-00805f9b34fb');
    expect(normalizeBluetoothUuid('0xFFE1')).toBe('0000ffe1-0000-1000-8000-00805f9b34fb');
    expect(normalizeBluetoothUuid('0000ffe1')).toBe('0000ffe1-0000-1000-8000-00805f9b34fb');
  });

  it.each(['', 'ffe', 'xyz0', '0000ffe0-0000-1000-8000', '0000ffe0-0000-1000-8000-00805f9b34fbX', 'ffe0 ffe1'])(
    'refuses %j',
    (text) => expect(normalizeBluetoothUuid(text)).toBeNull(),
  );
});

describe('decodeScaleCommand', () => {
  it('replaces \\r \\n \\t \\\\ and \\xHH, and keeps other text and unknown escapes', () => {
    expect(decodeScaleCommand('SI\\r\\n')).toBe('SI\r\n');
    expect(decodeScaleCommand('\\x1bP\\t')).toBe('\u001bP\t');
    expect(decodeScaleCommand('a\\\\n')).toBe('a\\n');
    expect(decodeScaleCommand('W\\q')).toBe('W\\q');
    expect(decodeScaleCommand('')).toBe('');
  });
});

describe('parseTestWeight', () => {
  it('reads numbers and decimal text (point or comma) from 0 up', () => {
    expect(parseTestWeight(2.5)).toBe(2.5);
    expect(parseTestWeight('2,5')).toBe(2.5);
    expect(parseTestWeight(' 0 ')).toBe(0);
  });

  it.each([-1, Number.NaN, Infinity, 2_000_000, '', 'abc', '1.', '-2', '1e3', null, true])('refuses %j', (value) =>
    expect(parseTestWeight(value)).toBeNull(),
  );
});

describe('parseScaleConfig', () => {
  it('gives the defaults without an entry or for one that is no JSON object', () => {
    for (const raw of [null, '', 'not json', '[]', '42', 'null'])
      expect(parseScaleConfig(raw)).toEqual(defaultScaleConfig);
  });

  it('reads a stored config and normalizes its UUIDs', () => {
    const raw = JSON.stringify({
      driver: 'TEST',
      serviceUuid: 'FFF0',
      characteristicUuid: '6E400003-B5A3-F393-E0A9-E50E24DCCA9E',
      command: 'S\\r\\n',
      testWeight: 3.5,
    });
    expect(parseScaleConfig(raw)).toEqual({
      driver: 'TEST',
      serviceUuid: '0000fff0-0000-1000-8000-00805f9b34fb',
      characteristicUuid: '6e400003-b5a3-f393-e0a9-e50e24dcca9e',
      command: 'S\\r\\n',
      testWeight: 3.5,
    });
  });

  it('replaces each unusable field by its default and keeps the rest', () => {
    const raw = JSON.stringify({
      driver: 'STIMAG',
      serviceUuid: 'nope',
      characteristicUuid: 7,
      command: 'x'.repeat(101),
      testWeight: -3,
    });
    expect(parseScaleConfig(raw)).toEqual(defaultScaleConfig);
    expect(parseScaleConfig(JSON.stringify({ command: '' }))).toEqual({ ...defaultScaleConfig, command: '' });
    expect(parseScaleConfig(JSON.stringify({ driver: 'BLUETOOTH' })).driver).toBe('BLUETOOTH');
  });
});
