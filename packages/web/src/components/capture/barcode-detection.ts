/**
 * Barcode reading from the camera: the browser's BarcodeDetector when
 * it reads every format we need, otherwise the zxing-wasm ponyfill, loaded only then (its code
 * and .wasm are served by the app, never from a CDN).
 */
export const cameraBarcodeFormats = ['code_39', 'code_128', 'ean_8', 'ean_13', 'upc_a', 'upc_e', 'qr_code'] as const;
export type CameraBarcodeFormat = (typeof cameraBarcodeFormats)[number];

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface CodeDetector {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedCode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<readonly string[]>;
}

function nativeDetectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

export async function createBarcodeDetector(): Promise<CodeDetector> {
  const native = nativeDetectorClass();
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      if (cameraBarcodeFormats.every((format) => supported.includes(format))) {
        return new native({ formats: [...cameraBarcodeFormats] });
      }
    } catch {
      // fall through to the ponyfill
    }
  }
  const { createZxingDetector } = await import('./zxing-detector.js');
  return createZxingDetector([...cameraBarcodeFormats]);
}
