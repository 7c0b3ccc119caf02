import type { Prompt } from '../../handheld/engine/types.js';

/** A prompt or notice key of this app's namespace. */
export function pc(key: string, args?: Record<string, unknown>): Prompt & { key: `pickAndCollect:${string}` } {
  return args ? { key: `pickAndCollect:${key}`, args } : { key: `pickAndCollect:${key}` };
}
