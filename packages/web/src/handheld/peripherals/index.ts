/**
 * Handheld peripherals: spoken prompts (Web Speech API) and the scale (Web Bluetooth or TEST).
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
