import { z } from 'zod';

/**
 * Live messaging: STOMP 1.2 over WebSocket at {@link liveSocketPath}.
 *
 * Protocol as the server implements it (packages/server/src/live):
 * - The socket is authenticated by the session cookie of the upgrade request. Without a cookie
 *   the socket is a device socket that may only subscribe to /device_listener/{deviceName}.
 * - CONNECT (or STOMP) carries {@link liveConnectHeaders}: AppVersion (older than the server:
 *   ERROR OldVersionException) and UniqueSession. accept-version must include 1.2.
 * - Heart-beats: the server offers {@link liveHeartbeatMs} both ways (EOLs) and drops a peer
 *   silent for twice the negotiated interval.
 * - Every failure is an ERROR frame whose `message` header starts with a {@link liveFailures}
 *   name or a protocol error text; as STOMP 1.2 requires, the server closes the socket after it.
 *   A second SUBSCRIBE to the same destination on one connection is such an error.
 * - Messages are MESSAGE frames with a JSON body {@link LiveMessage} {what, who?, payload}.
 * - /user/queue/... reaches only the signed-in user's own connections; /topic/... every
 *   subscriber; /device_listener/{deviceName} is open to device sockets.
 * - Device pairing: each subscription of /device_listener/{deviceName} first gets
 *   DEVICE_PAIRING {pairing}, a one-time secret the server made for that subscription alone
 *   (a new one on every subscribe). The device shows it in its identification code
 *   ({@link deviceIdentificationCode}); a transfer token created with it reaches only that
 *   subscription (TRANSFER_LOGIN) and signs in only together with the same secret.
 *   REQUEST_SESSION_TAKEOVER reaches only signed-in listeners.
 * - Limits: a socket without a session may hold {@link liveLimitDefaults}.deviceSubscriptions
 *   subscriptions, a signed-in socket userSubscriptions; an address may hold
 *   deviceSocketsPerAddress sockets without a session. Over a limit: ERROR
 *   LiveLimitExceededException naming the limit, then close 1008.
 * - State on subscribe: subscribing to {@link counterDestination} first sends the user's full
 *   NOTIFICATION_COUNTERS; later changes send the changed paths only (merge them). Subscribing
 *   to /topic/broadcasts sends each unread BROADCAST of the user.
 * - Clients SEND only to {@link clientSendDestinationPrefixes} (none yet: any SEND is an ERROR
 *   AccessDeniedException). Any frame with a receipt header gets a RECEIPT.
 * - On shutdown every connection gets SERVER_RESTARTING (on its /topic/commands subscription,
 *   else /user/queue/commands, else its first subscription), then a close with code 1012.
 */
export const liveSocketPath = '/api/v1/ws';
export const liveHeartbeatMs = 10_000;
/** Headers of the CONNECT frame (STOMP headers are case-sensitive; the server accepts any case). */
export const liveConnectHeaders = { appVersion: 'AppVersion', uniqueSession: 'UniqueSession' } as const;

/** Destinations are built here and nowhere else. */
export const topics = {
  userErrors: () => '/user/queue/errors',
  userCommands: () => '/user/queue/commands',
  alertNotifications: () => '/user/queue/alert_notifications',
  userTasks: () => '/user/queue/user_tasks',
  viewerRequestListener: () => '/user/queue/viewer_request_listener',
  errors: () => '/topic/errors',
  commands: () => '/topic/commands',
  notifications: () => '/topic/notifications',
  broadcasts: () => '/topic/broadcasts',
  session: (sessionId: string | number) => `/topic/sessions/${sessionId}`,
  productionTimer: () => '/topic/production/timer',
  peripheralsPrinting: (sessionId: string | number) => `/topic/peripherals/printing/${sessionId}`,
  viewerInitiator: (connectionId: string) => `/ctopic/viewer/${connectionId}-initiator`,
  viewerClient: (connectionId: string) => `/ctopic/viewer/${connectionId}-client`,
  deviceListener: (deviceName: string) => `/device_listener/${deviceName}`,
  /** ITEM_CHANGED after an item's fields or stock changed. */
  items: () => '/topic/items',
  /** BIN_LOCATION_CHANGED after a location's fields or contents changed. */
  binLocations: () => '/topic/bin_locations',
  /** DOCUMENT_CHANGED {type, code, status, version} after a document of the area changed (lists and open screens refresh). */
  documents: (area: string) => `/topic/documents/${area}`,
  /** IMPORT_PROGRESS of the signed-in user's own import sessions (PROCESSES.md 7). */
  importProgress: () => '/user/queue/import_progress',
} as const;

export const userQueuePrefix = '/user/queue/';
export const topicPrefix = '/topic/';
export const connectionTopicPrefix = '/ctopic/';
export const deviceListenerPrefix = '/device_listener/';

/** Default live-socket limits (the server's LIVE_* variables change them). */
export const liveLimitDefaults = {
  deviceSubscriptions: 4,
  userSubscriptions: 300,
  deviceSocketsPerAddress: 20,
} as const;

/**
 * A device's identification code (QR code, _be_device_identification_ scan): the prefix, the
 * device name and, once the device listens, `/` and its pairing secret (names have no slash).
 */
export const deviceIdentificationPrefix = '_be_device_identification_';
export function deviceIdentificationCode(deviceName: string, pairing: string | null): string {
  return `${deviceIdentificationPrefix}${deviceName}${pairing ? `/${pairing}` : ''}`;
}
/** Splits what follows the prefix into the device name and the pairing secret (null when absent). */
export function splitDeviceIdentification(rest: string): { deviceName: string; pairing: string | null } {
  const slash = rest.lastIndexOf('/');
  if (slash < 0) return { deviceName: rest.trim(), pairing: null };
  const pairing = rest.slice(slash + 1).trim();
  return { deviceName: rest.slice(0, slash).trim(), pairing: pairing === '' ? null : pairing };
}

/** Destination prefixes a client may SEND to. None yet: live traffic flows server to client. */
export const clientSendDestinationPrefixes: readonly string[] = [];

/** Menu paths that carry a notification counter. */
export const counterPaths = [
  '/wall_to_wall',
  '/wall_to_wall_batch',
  '/alerting',
  '/my_user_tasks',
  '/goods_receipt',
  '/goods_sorting',
  '/goods_returns',
  '/stock_picking',
  '/pick_and_collect',
  '/address_validation',
  '/pack',
  '/pack_and_delivery',
  '/delivery',
  '/delivery_dispatch',
  '/recounting',
] as const;
export type CounterPath = (typeof counterPaths)[number];
/** Where NOTIFICATION_COUNTERS go: the user's command queue. */
export const counterDestination = topics.userCommands();

const who = z.object({ userid: z.number().int(), username: z.string() });
const notice = z.object({ key: z.string(), args: z.record(z.string(), z.unknown()).default({}) });

/** Every message kind with its payload schema. */
export const liveMessageSchemas = {
  RELOAD: z.object({}),
  ERROR: notice,
  WARNING: notice,
  INFO: notice,
  SUCCESS: notice,
  ALERT: z.object({
    title: z.string().optional(),
    key: z.string(),
    args: z.record(z.string(), z.unknown()).default({}),
  }),
  NOTIFICATION_COUNTERS: z.object({ counters: z.record(z.string(), z.number().int().nonnegative()) }),
  ALERT_NOTIFICATIONS_COUNTER: z.object({ count: z.number().int().nonnegative() }),
  BROADCAST: z.object({
    id: z.number().int(),
    message: z.string(),
    createdAt: z.string(),
    from: z.string().nullable(),
  }),
  SERVER_RESTARTING: z.object({}),
  DOCUMENT_CHANGED: z.object({ type: z.string(), code: z.string(), status: z.string(), version: z.number().int() }),
  /** listener: the asking device's listener reference, for the transfer token (transferTokenCreateRequestSchema). */
  REQUEST_SESSION_TAKEOVER: z.object({
    deviceName: z.string().nullable(),
    uniqueSession: z.string().nullable(),
    listener: z.string().nullable().default(null),
  }),
  USER_TASKS_COUNTER: z.object({ count: z.number().int().nonnegative() }),
  NEW_USER_TASK: z.object({ taskId: z.number().int(), title: z.string() }),
  USER_TASKS_COMPLETED_ONE: z.object({ taskId: z.number().int(), by: z.string() }),
  USER_TASKS_CLAIMED_BY: z.object({ taskId: z.number().int(), by: z.string() }),
  TRANSFER_LOGIN: z.object({ token: z.string(), path: z.string() }),
  /** The pairing secret of this device-listener subscription (see the protocol notes above). */
  DEVICE_PAIRING: z.object({ pairing: z.string() }),
  PREVIEW_PDF: z.object({ url: z.string() }),
  PRINT_JOB: z.object({
    printer: z.string().optional(),
    printerName: z.string().optional(),
    peripheralType: z.string().optional(),
    mediaType: z.enum(['application/pdf', 'raw/zpl']),
    payload: z.string(),
  }),
  USER_CONNECTED: z.object({ sessionId: z.string() }),
  SESSION_CLOSED: z.object({ sessionId: z.number().int() }),
  /** Refetch the item's views (codes of the items whose fields or stock changed). */
  ITEM_CHANGED: z.object({ codes: z.array(z.string()) }),
  /** Refetch the locations' views (codes of the locations whose fields or contents changed). */
  BIN_LOCATION_CHANGED: z.object({ codes: z.array(z.string()) }),
  /** Refetch work time tables and timers (ids of the entries created, changed, stopped, flushed or deleted). */
  WORK_TIMES_CHANGED: z.object({ ids: z.array(z.number().int()) }),
  /** How far an import session's read, validation or commit is (done of total rows). */
  IMPORT_PROGRESS: z.object({
    sessionId: z.string(),
    phase: z.enum(['READ', 'VALIDATE', 'COMMIT']),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
} as const;

export type LiveMessageKind = keyof typeof liveMessageSchemas;
export type LivePayload<K extends LiveMessageKind> = z.input<(typeof liveMessageSchemas)[K]>;

export type LiveWho = z.infer<typeof who>;

/** The body of every MESSAGE frame (JSON). */
export interface LiveMessage<K extends LiveMessageKind = LiveMessageKind> {
  what: K;
  who?: LiveWho;
  payload: LivePayload<K>;
}
/** Any one message kind with its own payload type. */
export type AnyLiveMessage = { [K in LiveMessageKind]: LiveMessage<K> }[LiveMessageKind];

/** Failure names the web client acts on (in ERROR frames' message header). */
export const liveFailures = {
  invalidToken: 'InvalidTokenAuthenticationException',
  unknownUser: 'UsernameNotFoundException',
  accessDenied: 'AccessDeniedException',
  oldVersion: 'OldVersionException',
  limitExceeded: 'LiveLimitExceededException',
} as const;
export type LiveFailure = (typeof liveFailures)[keyof typeof liveFailures];
export const liveFailureNames: readonly LiveFailure[] = Object.values(liveFailures);
/** Failures after which the web client logs the user out (OldVersionException reloads instead). */
export const liveLogoutFailures: readonly LiveFailure[] = [
  liveFailures.invalidToken,
  liveFailures.unknownUser,
  liveFailures.accessDenied,
];

/** The failure named in an ERROR frame's message header, if any. */
export function liveFailureOf(message: string | undefined): LiveFailure | undefined {
  return message === undefined ? undefined : liveFailureNames.find((name) => message.includes(name));
}

const liveMessageKinds = Object.keys(liveMessageSchemas) as LiveMessageKind[];
const liveEnvelopeSchema = z.object({
  what: z.enum(liveMessageKinds as [LiveMessageKind, ...LiveMessageKind[]]),
  who: who.optional(),
  payload: z.unknown(),
});

/** Reads a MESSAGE frame's body; null when it is not a known message with a valid payload. */
export function parseLiveMessage(body: string): AnyLiveMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const envelope = liveEnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const payload = liveMessageSchemas[envelope.data.what].safeParse(envelope.data.payload);
  if (!payload.success) return null;
  return { ...envelope.data, payload: payload.data } as AnyLiveMessage;
}
