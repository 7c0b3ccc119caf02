import { describe, expect, it } from 'vitest';
import {
  cartoncubeConfigStorageKey,
  cartoncubeSaved,
  defaultCartoncubeConfig,
  effectiveCartoncubeDriver,
  parseCartoncubeConfig,
  parseCartoncubeNumber,
  parseCartoncubeUrl,
} from './cartoncube-config.js';

describe('cartoncube config', () => {
  it('gives the defaults for no entry or a damaged one', () => {
    expect(parseCartoncubeConfig(null)).toEqual(defaultCartoncubeConfig);
    expect(parseCartoncubeConfig('{not json')).toEqual(defaultCartoncubeConfig);
    expect(parseCartoncubeConfig('[1,2]')).toEqual(defaultCartoncubeConfig);
  });

  it('keeps the usable fields and defaults the others one by one', () => {
    const stored = {
      driver: 'PARCELCUBE',
      url: 'http://192.168.1.20:8080/measure',
      dimensionMultiplier: '10',
      heightCorrection: -25,
      weightMultiplier: '0,001',
      weightCorrection: 'heavy',
      testLengthInMm: 0,
      testWeight: 2,
    };
    expect(parseCartoncubeConfig(JSON.stringify(stored))).toEqual({
      ...defaultCartoncubeConfig,
      driver: 'PARCELCUBE',
      url: 'http://192.168.1.20:8080/measure',
      dimensionMultiplier: 10,
      heightCorrection: -25,
      weightMultiplier: 0.001,
      testWeight: 2,
    });
    expect(parseCartoncubeConfig(JSON.stringify({ driver: 'LASER', url: 'ftp://cube' }))).toMatchObject({
      driver: 'AUTO',
      url: '',
    });
  });

  it('reads numbers and URLs as the maintenance panel types them', () => {
    expect(parseCartoncubeNumber('-1,5')).toBe(-1.5);
    expect(parseCartoncubeNumber('1e3')).toBeNull();
    expect(parseCartoncubeNumber(0, { min: 0.000001, max: 10 })).toBeNull();
    expect(parseCartoncubeUrl(' https://cube.local/api ')).toBe('https://cube.local/api');
    expect(parseCartoncubeUrl('javascript:alert(1)')).toBeNull();
  });

  it('AUTO is TEST on a TEST server and PARCELCUBE elsewhere; saved once its key exists', () => {
    expect(effectiveCartoncubeDriver('AUTO', 'TEST')).toBe('TEST');
    expect(effectiveCartoncubeDriver('AUTO', 'PRODUCTION')).toBe('PARCELCUBE');
    expect(effectiveCartoncubeDriver('TEST', 'PRODUCTION')).toBe('TEST');
    const storage = new Map<string, string>();
    const getItem = (key: string) => storage.get(key) ?? null;
    expect(cartoncubeSaved({ getItem })).toBe(false);
    storage.set(cartoncubeConfigStorageKey, '{}');
    expect(cartoncubeSaved({ getItem })).toBe(true);
  });
});
