/**
 * Handheld peripherals: spoken prompts (Web Speech API), the scale (Web Bluetooth or TEST) and the
 * cartoncube (PARCELCUBE over HTTP or TEST).
 * For a workflow: `useWorkflow({ ..., speak: useSpeech(), speakPrompts: true })` and
 * `services.scale = useScaleService()` (or the plain `scaleService`).
 */
export { cancelSpeech, speak, speechSupported, useSpeech, type SpeakOptions } from './speech.js';
export type { ScaleDriver, ScaleReading, ScaleService } from './scale-driver.js';
export { ScaleError, type ScaleErrorCode } from './scale-errors.js';
export { parseScaleReply } from './scale-reply.js';
export { loadScaleConfig, saveScaleConfig, scaleConfigStorageKey, type ScaleConfig } from './scale-config.js';
export { ScaleManager, scaleManager, scaleService } from './scale-manager.js';
export { useScaleConnected, useScaleService } from './useScaleService.js';
export type { CartoncubeMeasurement, CartoncubeService } from './cartoncube-driver.js';
export {
  cartoncubeSaved,
  loadCartoncubeConfig,
  saveCartoncubeConfig,
  type CartoncubeConfig,
} from './cartoncube-config.js';
export { CartoncubeManager, cartoncubeManager, cartoncubeService } from './cartoncube-manager.js';
export { useCartoncubeConnected, useCartoncubeService } from './useCartoncube.js';
