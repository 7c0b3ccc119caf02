import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CameraBarcodeFormat, CodeDetector } from './barcode-detection.js';

/**
 * The zxing-wasm BarcodeDetector ponyfill, its .wasm served by the app (a hashed asset of the
 * build), so scanning works offline and no CDN is contacted. Loaded lazily by
 * barcode-detection.ts only when the browser has no usable BarcodeDetector.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
  },
});

export function createZxingDetector(formats: CameraBarcodeFormat[]): CodeDetector {
  return new BarcodeDetector({ formats });
}
