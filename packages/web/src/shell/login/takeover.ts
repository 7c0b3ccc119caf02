import { http } from '../../platform/http.js';

/**
 * Session takeover from the login modal (spec 02 section 2): this signed-out device asks the
 * signed-in device `fromDeviceName` (whose identification code was scanned or typed) to hand
 * its session over. The server sends REQUEST_SESSION_TAKEOVER {deviceName: toDeviceName} to
 * /device_listener/{fromDeviceName}; when that device's user agrees it creates a transfer token
 * for toDeviceName, which arrives here as TRANSFER_LOGIN and signs this device in.
 */
export const sessionTakeoverRequestPath = '/api/v1/auth/session_takeover/request';

export async function requestSessionTakeover(fromDeviceName: string, toDeviceName: string): Promise<void> {
  await http.post(sessionTakeoverRequestPath, { fromDeviceName, toDeviceName }, { silent: true, logoutOn401: false });
}
