import { describe, expect, it, vi } from 'vitest';
import { defaultCartoncubeConfig, type CartoncubeConfig } from './cartoncube-config.js';
import { applyParcelcubeConfig, parseParcelDimensionResult } from './cartoncube-driver.js';
import { CartoncubeManager, createCartoncubeDriver } from './cartoncube-manager.js';
import { ParcelcubeDriver, parcelcubeAnswerMaxBytes } from './parcelcube-driver.js';
import { ScaleError } from './scale-errors.js';
import { TestCartoncubeDriver } from './test-cartoncube-driver.js';

const corrections = { dimensionMultiplier: 1, heightCorrection: 0, weightMultiplier: 1, weightCorrection: 0 };

describe('applyParcelcubeConfig', () => {
  it('multiplies the dimensions, then corrects the height; multiplies the weight, then corrects it', () => {
    const result = { width: 30.4, height: 20.25, depth: 40, weight: 1234 };
    expect(
      applyParcelcubeConfig(result, {
        dimensionMultiplier: 10,
        heightCorrection: -15,
        weightMultiplier: 0.001,
        weightCorrection: -0.2,
      }),
    ).toEqual({ lengthInMm: 400, widthInMm: 304, heightInMm: 188, weightInMg: 1_034_000 });
  });

  it('rounds sides to whole mm without float drift (12.35 cm is 124 mm)', () => {
    const measured = applyParcelcubeConfig(
      { width: 12.35, height: 0.1, depth: 1.005, weight: null },
      { ...corrections, dimensionMultiplier: 10 },
    );
    expect(measured).toEqual({ lengthInMm: 10, widthInMm: 124, heightInMm: 1, weightInMg: null });
  });

  it('counts a weight at zero or below after its correction as no weight', () => {
    const measured = applyParcelcubeConfig(
      { width: 100, height: 100, depth: 100, weight: 0.5 },
      { ...corrections, weightCorrection: -0.5 },
    );
    expect(measured.weightInMg).toBeNull();
  });

  it('refuses a side below 1 mm or above 100 m after the corrections', () => {
    expect(() =>
      applyParcelcubeConfig(
        { width: 100, height: 10, depth: 100, weight: 1 },
        { ...corrections, heightCorrection: -10 },
      ),
    ).toThrow(expect.objectContaining({ code: 'invalidInputReceived' }) as Error);
    expect(() =>
      applyParcelcubeConfig(
        { width: 100, height: 10, depth: 100.001, weight: 1 },
        { ...corrections, dimensionMultiplier: 1000 },
      ),
    ).toThrow(ScaleError);
  });
});

describe('parseParcelDimensionResult', () => {
  it('takes numbers or numeric strings; weight may be absent; anything else is no result', () => {
    expect(parseParcelDimensionResult({ width: '30', height: 20, depth: 40.5 })).toEqual({
      width: 30,
      height: 20,
      depth: 40.5,
      weight: null,
    });
    expect(parseParcelDimensionResult({ width: 1, height: 2, depth: 3, weight: '4.5' })).toMatchObject({ weight: 4.5 });
    expect(parseParcelDimensionResult({ width: 1, height: 2 })).toBeNull();
    expect(parseParcelDimensionResult({ width: 'wide', height: 2, depth: 3 })).toBeNull();
    expect(parseParcelDimensionResult([1, 2, 3])).toBeNull();
  });
});

function parcelcube(answer: () => Promise<Response>, settings: Partial<CartoncubeConfig> = {}, timeoutMs = 5_000) {
  const config = { ...defaultCartoncubeConfig, url: 'http://cube.local/measure', ...settings };
  const fetchImpl = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => answer());
  const driver = new ParcelcubeDriver(() => config, undefined, fetchImpl, timeoutMs);
  return { driver, fetchImpl };
}

describe('ParcelcubeDriver', () => {
  it('GETs the device URL and applies the config to its parcel dimension result', async () => {
    const { driver, fetchImpl } = parcelcube(
      () => Promise.resolve(Response.json({ width: 30, height: 21, depth: 40, weight: 2500 })),
      { dimensionMultiplier: 10, heightCorrection: -10, weightMultiplier: 0.001, weightCorrection: 0 },
    );
    await expect(driver.measure()).rejects.toMatchObject({ code: 'notConnected' });
    await driver.connect();
    await expect(driver.measure()).resolves.toEqual({
      lengthInMm: 400,
      widthInMm: 300,
      heightInMm: 200,
      weightInMg: 2_500_000,
    });
    expect(fetchImpl).toHaveBeenCalledWith('http://cube.local/measure', expect.objectContaining({ method: 'GET' }));
  });

  it('cannot connect without a URL', async () => {
    const { driver } = parcelcube(() => Promise.resolve(Response.json({})), { url: '' });
    await expect(driver.connect()).rejects.toMatchObject({ code: 'couldNotConnectToDevice' });
    expect(driver.connected).toBe(false);
  });

  it('tells a failed call, a bad status, an answer that is no result and no answer within the timeout', async () => {
    const failures: [() => Promise<Response>, string][] = [
      [() => Promise.reject(new TypeError('Failed to fetch')), 'couldNotReadInput'],
      [() => Promise.resolve(new Response('busy', { status: 503 })), 'couldNotReadInput'],
      [() => Promise.resolve(new Response('<html>')), 'invalidInputReceived'],
      [() => Promise.resolve(Response.json({ width: 1 })), 'invalidInputReceived'],
    ];
    for (const [answer, code] of failures) {
      const { driver } = parcelcube(answer);
      await driver.connect();
      await expect(driver.measure()).rejects.toMatchObject({ code, key: `device:peripherals.${code}` });
    }
    // An answer longer than parcelcubeAnswerMaxBytes is not read to its end, with or without a length.
    const long = `{"width":1,"height":2,"depth":3,"note":"${'x'.repeat(parcelcubeAnswerMaxBytes)}"}`;
    const unsized = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(long));
          controller.close();
        },
      });
    for (const answer of [
      () => new Response(long, { headers: { 'content-length': String(long.length) } }),
      () => new Response(unsized()),
    ]) {
      const { driver } = parcelcube(() => Promise.resolve(answer()));
      await driver.connect();
      await expect(driver.measure()).rejects.toMatchObject({
        code: 'invalidInputReceived',
        args: { value: `> ${parcelcubeAnswerMaxBytes} bytes` },
      });
    }
    const slow = parcelcube(() => new Promise<Response>(() => undefined), {}, 20);
    // The signal aborts the call: a fetch that honours it rejects.
    slow.fetchImpl.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    await slow.driver.connect();
    await expect(slow.driver.measure()).rejects.toMatchObject({ code: 'couldNotReadInput' });
  });
});

describe('TestCartoncubeDriver and CartoncubeManager', () => {
  it('the TEST driver measures the configured carton, read at each measurement', async () => {
    let config = { ...defaultCartoncubeConfig };
    const driver = new TestCartoncubeDriver(() => config);
    await expect(driver.measure()).rejects.toBeInstanceOf(ScaleError);
    await driver.connect();
    await expect(driver.measure()).resolves.toEqual({
      lengthInMm: 400,
      widthInMm: 300,
      heightInMm: 200,
      weightInMg: 3_500_000,
    });
    config = { ...config, testWeight: 0, testHeightInMm: 150 };
    await expect(driver.measure()).resolves.toMatchObject({ heightInMm: 150, weightInMg: null });
  });

  it('the manager picks TEST for AUTO on a TEST server, connects on demand and swaps the driver on a type change', async () => {
    let config: CartoncubeConfig = { ...defaultCartoncubeConfig };
    const created: string[] = [];
    const manager = new CartoncubeManager(
      (type, settings, onChange) => (created.push(type), createCartoncubeDriver(type, settings, onChange)),
      () => config,
    );
    const changes = vi.fn();
    manager.subscribe(changes);
    expect(manager.driverType()).toBe('PARCELCUBE');
    manager.setRuntimeType('TEST');
    await expect(manager.measure()).resolves.toMatchObject({ lengthInMm: 400, weightInMg: 3_500_000 });
    expect(manager.connected).toBe(true);
    config = { ...config, driver: 'PARCELCUBE', url: '' };
    await expect(manager.measure()).rejects.toMatchObject({ code: 'couldNotConnectToDevice' });
    expect(manager.connected).toBe(false);
    expect(created).toEqual(['TEST', 'PARCELCUBE']);
    expect(changes).toHaveBeenCalled();
  });
});
