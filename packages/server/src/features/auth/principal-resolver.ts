import type { AppContext } from '../../context.js';
import type { PrincipalResolver } from '../../http/authenticate.js';
import { resolveApiKey } from './api-key.service.js';

export function createPrincipalResolver(ctx: AppContext): PrincipalResolver {
  return {
    fromCachedSessionToken: (token) => ctx.sessions.resolveCached(token),
    fromSessionToken: (token) => ctx.sessions.resolve(token),
    fromApiKey: (key) => resolveApiKey(ctx, key),
  };
}
