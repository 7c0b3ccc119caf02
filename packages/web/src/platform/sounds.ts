/**
 * Notification sounds without audio files: short tones from the Web Audio API. A danger
 * notification beeps twice, low; info and success may play one soft high tone. An own error
 * sound can be set as a URL in localStorage['wms.errorSoundUrl'].
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

function tone(frequency: number, startS: number, durationS: number, volume: number, type: OscillatorType): void {
  const ctx = audio();
  if (!ctx) return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  const start = ctx.currentTime + startS;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + durationS);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + durationS);
}

export const errorSoundUrlKey = 'wms.errorSoundUrl';

export function playErrorSound(): void {
  try {
    const url = localStorage.getItem(errorSoundUrlKey);
    if (url) {
      void new Audio(url).play().catch(() => undefined);
      return;
    }
    tone(330, 0, 0.15, 0.2, 'square');
    tone(220, 0.18, 0.25, 0.2, 'square');
  } catch {
    // No sound is better than a failing notification.
  }
}

export function playSoftSound(): void {
  try {
    tone(880, 0, 0.2, 0.05, 'sine');
  } catch {
    // ignore
  }
}

/** The handheld's success sound: two rising tones (a transfer committed, a step completed). */
export function playSuccessSound(): void {
  try {
    tone(660, 0, 0.12, 0.12, 'sine');
    tone(990, 0.13, 0.18, 0.12, 'sine');
  } catch {
    // ignore
  }
}

/** Played when a serial-managed item is identified: three quick high ticks, so the operator knows a serial scan follows. */
export function playSerialSound(): void {
  try {
    for (let i = 0; i < 3; i += 1) tone(1320, i * 0.09, 0.06, 0.1, 'triangle');
  } catch {
    // ignore
  }
}

/** The short beep when a counted quantity reaches its target. */
export function playBeep(): void {
  try {
    tone(1760, 0, 0.08, 0.12, 'square');
  } catch {
    // ignore
  }
}
