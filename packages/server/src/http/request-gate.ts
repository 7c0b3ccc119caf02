import type { FastifyInstance } from 'fastify';
import { checkAccess } from './access.js';
import { authenticate, type PrincipalResolver } from './authenticate.js';
import { checkClientVersion } from './client-headers.js';

/**
 * The one onRequest step of every request, in order: the client version (410), the caller
 * (session cookie or API key), the route's access (401/403). One hook, synchronous when the
 * session is cached, because this runs on every request (see bench/).
 */
export function registerRequestGate(app: FastifyInstance, serverVersion: string, resolver: PrincipalResolver) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', (request, _reply, done) => {
    let pending: Promise<void> | undefined;
    try {
      checkClientVersion(request, serverVersion);
      pending = authenticate(request, resolver);
      if (!pending) checkAccess(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (!pending) {
      done();
      return;
    }
    pending.then(
      () => {
        try {
          checkAccess(request);
        } catch (error) {
          done(error as Error);
          return;
        }
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}
