import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { clampTtsRate, useDeviceConfig } from '../../platform/device-config.js';

/**
 * Spoken prompts (the speech step, in the TTSVoice and at the TTSRate of the device config)
 * through the Web Speech API. A new utterance cancels the one still speaking, so a fast operator
 * hears the current prompt, not a queue of old ones. Where the browser has no speechSynthesis,
 * speaking does nothing.
 */
export interface SpeakOptions {
  /** The device config's TTSVoice: a voice's voiceURI (its name also matches); null = the browser's default. */
  voiceName?: string | null;
  /** 0.1 to 10 (out-of-range values are clamped); default 1. */
  rate?: number;
  /** The language asked for when no voice is chosen (BCP 47, e.g. the UI language 'nl'). */
  lang?: string;
}

export function speechSupported(): boolean {
  return typeof globalThis.speechSynthesis !== 'undefined' && typeof globalThis.SpeechSynthesisUtterance === 'function';
}

/** The voice named by voiceURI (what the device settings store) or, failing that, by name. */
export function findVoice(
  voices: readonly SpeechSynthesisVoice[],
  voiceName: string | null | undefined,
): SpeechSynthesisVoice | undefined {
  if (!voiceName) return undefined;
  return voices.find((voice) => voice.voiceURI === voiceName) ?? voices.find((voice) => voice.name === voiceName);
}

/** Says the text, cancelling whatever is still being said. Blank text only cancels. */
export function speak(text: string, options: SpeakOptions = {}): void {
  if (!speechSupported()) return;
  const synth = globalThis.speechSynthesis;
  try {
    synth.cancel();
    if (text.trim() === '') return;
    const utterance = new SpeechSynthesisUtterance(text);
    const voice = findVoice(synth.getVoices(), options.voiceName);
    if (voice) {
      utterance.voice = voice;
      utterance.lang = voice.lang;
    } else if (options.lang) {
      utterance.lang = options.lang;
    }
    utterance.rate = clampTtsRate(options.rate ?? 1);
    synth.speak(utterance);
  } catch {
    // A prompt that cannot be spoken must never break the scan flow.
  }
}

/** Stops any utterance in progress. */
export function cancelSpeech(): void {
  if (speechSupported()) globalThis.speechSynthesis.cancel();
}

/** speak(text) with this device's TTSVoice and TTSRate, in the UI language when no voice is chosen. */
export function useSpeech(): (text: string) => void {
  const { config } = useDeviceConfig();
  const { i18n } = useTranslation();
  const voiceName = config.TTSVoice;
  const rate = config.TTSRate;
  const lang = i18n.language;
  return useCallback((text: string) => speak(text, { voiceName, rate, lang }), [voiceName, rate, lang]);
}
