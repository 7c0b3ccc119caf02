import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelSpeech, findVoice, speak, speechSupported } from './speech.js';

class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  rate = 1;
  constructor(readonly text: string) {}
}

const voices = [
  { voiceURI: 'urn:nl-female', name: 'Dutch female', lang: 'nl-NL' },
  { voiceURI: 'urn:de-male', name: 'German male', lang: 'de-DE' },
] as SpeechSynthesisVoice[];

function fakeSynthesis() {
  const log: string[] = [];
  const synthesis = {
    spoken: [] as FakeUtterance[],
    getVoices: () => voices,
    cancel: vi.fn(() => log.push('cancel')),
    speak: vi.fn((utterance: FakeUtterance) => {
      log.push(`speak ${utterance.text}`);
      synthesis.spoken.push(utterance);
    }),
    log,
  };
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return synthesis;
}

describe('speak', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing where the browser has no speechSynthesis', () => {
    expect(speechSupported()).toBe(false);
    expect(() => speak('Scan the location', { rate: 2 })).not.toThrow();
    expect(() => cancelSpeech()).not.toThrow();
  });

  describe('with speechSynthesis', () => {
    let synthesis: ReturnType<typeof fakeSynthesis>;
    beforeEach(() => {
      synthesis = fakeSynthesis();
    });

    it('cancels the previous utterance, then says the text with the voice (by voiceURI) and rate', () => {
      speak('Scan the item', { voiceName: 'urn:de-male', rate: 2.5, lang: 'en' });
      speak('Quantity', { voiceName: 'urn:de-male', rate: 2.5 });
      expect(synthesis.log).toEqual(['cancel', 'speak Scan the item', 'cancel', 'speak Quantity']);
      const utterance = synthesis.spoken[0]!;
      expect(utterance.voice).toBe(voices[1]);
      expect(utterance.lang).toBe('de-DE');
      expect(utterance.rate).toBe(2.5);
    });

    it('without a known voice uses the language asked for; the rate is clamped to 0.1..10', () => {
      speak('Hallo', { voiceName: 'urn:gone', rate: 42, lang: 'nl' });
      speak('Hallo', { voiceName: null, rate: 0 });
      speak('Hallo');
      const [first, second, third] = synthesis.spoken;
      expect(first).toMatchObject({ voice: null, lang: 'nl', rate: 10 });
      expect(second).toMatchObject({ voice: null, rate: 0.1 });
      expect(third).toMatchObject({ voice: null, rate: 1 });
    });

    it('blank text only cancels; a failing synthesis does not throw', () => {
      speak('   ');
      expect(synthesis.log).toEqual(['cancel']);
      synthesis.speak.mockImplementationOnce(() => {
        throw new Error('synthesis-failed');
      });
      expect(() => speak('Next')).not.toThrow();
    });
  });
});

describe('findVoice', () => {
  it('finds a voice by voiceURI, then by name; none for null or unknown', () => {
    expect(findVoice(voices, 'urn:nl-female')).toBe(voices[0]);
    expect(findVoice(voices, 'German male')).toBe(voices[1]);
    expect(findVoice(voices, null)).toBeUndefined();
    expect(findVoice(voices, 'Klingon')).toBeUndefined();
  });
});
