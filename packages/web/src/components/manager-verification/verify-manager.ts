import { authEndpoints, type Role } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

/**
 * POST /api/v1/auth/verify: another user's credentials clear an action. A
 * 401 here means wrong credentials, never the caller's own session: no logout, and the prompt
 * shows the error itself.
 */
export function verifyManagerCredentials(username: string, password: string, requiredRoles: Role[]) {
  return callApi(
    authEndpoints.verify,
    { body: { username, password, requiredRoles } },
    { logoutOn401: false, silent: true },
  );
}
