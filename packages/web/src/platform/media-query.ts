import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (false where matchMedia is missing, as in jsdom). */
export function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Re-renders when the media query starts or stops matching (a resize, a rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaMatches(query));
}

/** Below Bootstrap's sm breakpoint (576 px): phones and the watch. */
export const narrowScreenQuery = '(max-width: 575.98px)';

/**
 * Handheld layouts where a message must not lie over the content: narrow screens, low screens (a
 * phone on its side, the 502x410 watch) and touch devices below lg (992 px).
 */
export const compactMessagesQuery =
  '(max-width: 575.98px), (max-height: 500px), (pointer: coarse) and (max-width: 991.98px)';
