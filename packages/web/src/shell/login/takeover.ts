import { authEndpoints, splitDeviceIdentification } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import { devicePairing } from '../../platform/device-pairing.js';
import { ApiError } from '../../platform/http.js';

/**
 * Session takeover from the login modal: this signed-out device asks the
 * signed-in device `fromDeviceName` (whose identification code was scanned or typed) to hand
 * its session over. The server sends REQUEST_SESSION_TAKEOVER {deviceName: toDeviceName,
 * listener} to the signed-in listeners of /device_listener/{fromDeviceName}; when that device's
 * user agrees it creates a transfer token for the listener, which arrives here (and only here,
 * by this tab's pairing secret) as TRANSFER_LOGIN and signs this device in.
 */
export async function requestSessionTakeover(fromDeviceName: string, toDeviceName: string): Promise<void> {
  const pairing = devicePairing();
  // Not listening yet (the socket is connecting): nothing could reach this device.
  if (!pairing) throw new ApiError(409, 'devicePairingRequired');
  // A scanned identification code carries the other device's pairing: only its name is needed.
  const from = splitDeviceIdentification(fromDeviceName).deviceName;
  await callApi(
    authEndpoints.requestSessionTakeover,
    { body: { fromDeviceName: from, toDeviceName, pairing } },
    { silent: true, logoutOn401: false },
  );
}
