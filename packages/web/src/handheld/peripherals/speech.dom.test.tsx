import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { useSpeech } from './speech.js';

class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  rate = 1;
  constructor(readonly text: string) {}
}

const voice = { voiceURI: 'urn:nl', name: 'Dutch', lang: 'nl-NL' } as SpeechSynthesisVoice;

describe('useSpeech', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("speaks with the device config's TTSVoice and TTSRate and follows a saved change", () => {
    const spoken: FakeUtterance[] = [];
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { getVoices: () => [voice], cancel, speak: (u: FakeUtterance) => spoken.push(u) });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: true }), TTSVoice: 'urn:nl', TTSRate: 1.5 });

    const { result } = renderHook(() => useSpeech());
    result.current('Scan de locatie');
    expect(spoken[0]).toMatchObject({ text: 'Scan de locatie', voice, lang: 'nl-NL', rate: 1.5 });
    expect(cancel).toHaveBeenCalledTimes(1);

    act(() => saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: true }), TTSVoice: null, TTSRate: 3 }));
    result.current('Scan the item');
    expect(spoken[1]).toMatchObject({ text: 'Scan the item', voice: null, lang: 'en', rate: 3 });
  });

  it('is a no-op in a browser without speechSynthesis (jsdom has none)', () => {
    const { result } = renderHook(() => useSpeech());
    expect(() => result.current('Hello')).not.toThrow();
  });
});
