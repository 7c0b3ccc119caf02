import {
  clientSendDestinationPrefixes,
  connectionTopicPrefix,
  deviceListenerPrefix,
  topicPrefix,
  userQueuePrefix,
} from '@wms/contract';

/**
 * Who may subscribe and send where:
 * - a device socket (no session cookie): only /device_listener/{deviceName};
 * - a signed-in user: /user/queue/... (their own messages only), /topic/..., /ctopic/... and
 *   /device_listener/...;
 * - SEND: only to clientSendDestinationPrefixes (none yet).
 * Anything else is refused with AccessDeniedException.
 */
const maxDestinationLength = 512;

/** A destination of printable characters with something after its prefix. */
function isWellFormed(destination: string, prefix: string): boolean {
  return (
    destination.startsWith(prefix) &&
    destination.length > prefix.length &&
    destination.length <= maxDestinationLength &&
    [...destination].every((c) => c >= ' ' && c !== '\u007f')
  );
}

export function maySubscribe(signedIn: boolean, destination: string): boolean {
  if (isWellFormed(destination, deviceListenerPrefix)) return true;
  if (!signedIn) return false;
  return [userQueuePrefix, topicPrefix, connectionTopicPrefix].some((prefix) => isWellFormed(destination, prefix));
}

export function maySend(signedIn: boolean, destination: string): boolean {
  return signedIn && clientSendDestinationPrefixes.some((prefix) => isWellFormed(destination, prefix));
}

/** A /user/queue/... destination reaches only its user's connections. */
export function isUserDestination(destination: string): boolean {
  return destination.startsWith(userQueuePrefix);
}
