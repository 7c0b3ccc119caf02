/** The same text read again within this time is ignored. */
export const duplicateReadWindowMs = 1000;

/**
 * A filter for camera reads: answers true for a read to pass on, false for the same text seen
 * again less than `windowMs` after it was last seen. Every sighting restarts the window, so a
 * code held in front of the camera counts once, and again only after it was out of view for
 * the whole window.
 */
export function createDuplicateFilter(windowMs = duplicateReadWindowMs): (text: string, now: number) => boolean {
  let last: { text: string; at: number } | null = null;
  return (text, now) => {
    const duplicate = last !== null && last.text === text && now - last.at < windowMs;
    last = { text, at: now };
    return !duplicate;
  };
}
