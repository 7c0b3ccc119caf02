import type { BinLocation, LocationContentRow } from '@wms/contract';
import { danger, go, hh, refuse } from '../outcomes.js';
import { stay, type Notice, type Prompt, type Step, type WorkflowEnv } from '../types.js';

export interface LocationStepConfig<S> {
  id: string;
  next: string;
  /** Stores the found location and, when loaded, its contents. */
  set(state: S, location: BinLocation, contents: LocationContentRow[] | null): S;
  /** Load the location's contents too (a source location: auto-select, liquid containers). */
  loadContents?: boolean | ((state: S, location: BinLocation) => boolean);
  /** The app's own rule (not the same as the source, ...): a notice refuses the scan. */
  check?(state: S, location: BinLocation, env: WorkflowEnv): Notice | null | Promise<Notice | null>;
  prompt?(state: S): Prompt;
}

/**
 * Location: finds a bin location by code or barcode (findLocation, without
 * regard to case) and optionally loads its contents. Unknown: unknownLocation {code}.
 */
export function locationStep<S>(config: LocationStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.location'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const location = await env.services.findLocation(text);
      if (!location) return refuse(state, 'unknownLocation', { code: text });
      const notice = await config.check?.(state, location, env);
      if (notice) return danger(state, notice);
      const load =
        typeof config.loadContents === 'function'
          ? config.loadContents(state, location)
          : (config.loadContents ?? false);
      const contents = load ? await env.services.locationContents(location.code) : null;
      return go(config.set(state, location, contents), config.next);
    },
  };
}
