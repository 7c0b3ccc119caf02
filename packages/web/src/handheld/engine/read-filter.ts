/**
 * The scanner's double-read rule and the type-ahead rule of the handheld
 * runner, kept apart from the runner so each can be read on its own.
 *
 * Double read: the same text again within 1 s of the last accepted read is a scanner reading
 * one label twice and is ignored. A step that counts repeated scans of one code, or asks for the
 * same scan again (Step.repeatScans), uses a much shorter window (the device's scanner setting,
 * default 80 ms): a person cannot scan one label twice that fast, a scanner can. Windows are
 * measured between arrival times, from the last accepted read, so a queued scan is judged by when
 * it was made, not by when its turn came.
 *
 * Type-ahead: scans that were already waiting when a scan was refused (a danger or warning) are
 * not used: they were made for the answer the refused scan was expected to give (item, quantity,
 * target in a burst), and would otherwise be read as answers to the question asked again. Each is
 * named to the operator.
 */

// The windows are device settings too, so they live in platform (below the settings screen).
export {
  clampRepeatWindow,
  defaultRepeatWindowMs,
  duplicateReadWindowMs,
  repeatWindowLimits,
} from '../../platform/scanner-windows.js';

/** One scan as it arrived: its text, when, and its place in the order of arrival. */
export interface Arrival {
  text: string;
  at: number;
  sequence: number;
}

export class ReadFilter {
  private lastRead: { text: string; at: number } | null = null;
  private arrived = 0;
  /** Scans that arrived up to this sequence number are not used (a scan before them was refused). */
  private discardThrough = 0;

  /** Records a scan's arrival (call when it comes, before it waits its turn). */
  arrive(text: string, at: number): Arrival {
    this.arrived += 1;
    return { text, at, sequence: this.arrived };
  }

  /** Whether a scan, when its turn comes, was waiting behind a refused one. */
  discarded(arrival: Arrival): boolean {
    return arrival.sequence <= this.discardThrough;
  }

  /**
   * Whether a scan is a double read (the same text within the window after the last accepted
   * read); otherwise it becomes the last accepted read.
   */
  doubleRead(arrival: Arrival, windowMs: number): boolean {
    const last = this.lastRead;
    if (last && last.text === arrival.text && arrival.at - last.at < windowMs) return true;
    this.lastRead = { text: arrival.text, at: arrival.at };
    return false;
  }

  /** A scan was refused: every scan that arrived so far and still waits is not used. */
  refused(): void {
    this.discardThrough = this.arrived;
  }
}
