import type { Role, VerifyAnswer } from '@wms/contract';
import { http } from '../../platform/http.js';

/**
 * POST /api/v1/auth/verify: another user's credentials clear an action (spec 03 section 6). A
 * 401 here means wrong credentials, never the caller's own session: no logout, and the prompt
 * shows the error itself.
 */
export function verifyManagerCredentials(username: string, password: string, requiredRoles: Role[]) {
  return http.post<VerifyAnswer>(
    '/api/v1/auth/verify',
    { username, password, requiredRoles },
    { logoutOn401: false, silent: true },
  );
}
