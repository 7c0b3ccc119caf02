import { useEffect, useState } from 'react';
import { pathOf, userdataEndpoints } from '@wms/contract';

/** Where a customer's specialization bundle is served (the server's userdata route). */
export const specializationBundlePath = pathOf(userdataEndpoints.frontendBundle, { '*': 'main.js' });

export type SpecializationState = 'checking' | 'loading' | 'done' | 'failed';

/**
 * Checks for a customer specialization bundle (HEAD, cache-busted) and imports it when present.
 * Absent (any answer but 200, or no answer): done, nothing loaded. Present but failing: 'failed'.
 */
export function useSpecializationBundle(): SpecializationState {
  const [state, setState] = useState<SpecializationState>('checking');
  useEffect(() => {
    let cancelled = false;
    const url = `${specializationBundlePath}?v=${Date.now()}`;
    const set = (next: SpecializationState) => {
      if (!cancelled) setState(next);
    };
    fetch(url, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' })
      .then(async (answer) => {
        if (answer.status !== 200) return set('done');
        set('loading');
        try {
          await import(/* @vite-ignore */ url);
          set('done');
        } catch (error) {
          console.error('specialization bundle failed to load', error);
          set('failed');
        }
      })
      .catch(() => set('done'));
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
