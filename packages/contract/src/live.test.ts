import { describe, expect, it } from 'vitest';
import { deviceIdentificationCode, splitDeviceIdentification } from './live.js';

describe('device identification codes', () => {
  it('carry the device name and, once the device listens, its pairing secret after a slash', () => {
    expect(deviceIdentificationCode('Scanner 7', null)).toBe('_be_device_identification_Scanner 7');
    expect(deviceIdentificationCode('Scanner 7', 'abc_-123')).toBe('_be_device_identification_Scanner 7/abc_-123');
  });

  it('split into name and pairing (device names have no slash)', () => {
    expect(splitDeviceIdentification('Scanner 7/abc_-123')).toEqual({ deviceName: 'Scanner 7', pairing: 'abc_-123' });
    expect(splitDeviceIdentification(' desk-1 ')).toEqual({ deviceName: 'desk-1', pairing: null });
    expect(splitDeviceIdentification('desk-1/')).toEqual({ deviceName: 'desk-1', pairing: null });
  });
});
