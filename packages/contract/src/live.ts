import { z } from 'zod';

/**
 * Live messaging (spec 02 sections 7 and 8): destinations and message kinds.
 * Destinations are built here and nowhere else. /user/queue/... destinations are per user:
 * a client subscribes to the path and receives what is sent to its own user.
 */
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
  deviceListener: (deviceName: string) => `/device_listener/${deviceName}`,
} as const;

export const userQueuePrefix = '/user/queue/';
export const deviceListenerPrefix = '/device_listener/';

/** Menu paths that carry a notification counter. */
export const counterPaths = ['/wall_to_wall', '/alerting', '/my_user_tasks'] as const;
export type CounterPath = (typeof counterPaths)[number];

const who = z.object({ userid: z.number().int(), username: z.string() });
const notice = z.object({ key: z.string(), args: z.record(z.string(), z.unknown()).default({}) });

/** Every message kind with its payload schema. */
export const liveMessageSchemas = {
  RELOAD: z.object({}),
  ERROR: notice,
  WARNING: notice,
  INFO: notice,
  SUCCESS: notice,
  ALERT: z.object({ title: z.string().optional(), key: z.string(), args: z.record(z.string(), z.unknown()).default({}) }),
  NOTIFICATION_COUNTERS: z.object({ counters: z.record(z.string(), z.number().int().nonnegative()) }),
  ALERT_NOTIFICATIONS_COUNTER: z.object({ count: z.number().int().nonnegative() }),
  BROADCAST: z.object({ id: z.number().int(), message: z.string(), createdAt: z.string(), from: z.string().nullable() }),
  SERVER_RESTARTING: z.object({}),
  REQUEST_SESSION_TAKEOVER: z.object({ deviceName: z.string().nullable(), uniqueSession: z.string().nullable() }),
  USER_TASKS_COUNTER: z.object({ count: z.number().int().nonnegative() }),
  NEW_USER_TASK: z.object({ taskId: z.number().int(), title: z.string() }),
  USER_TASKS_COMPLETED_ONE: z.object({ taskId: z.number().int(), by: z.string() }),
  USER_TASKS_CLAIMED_BY: z.object({ taskId: z.number().int(), by: z.string() }),
  TRANSFER_LOGIN: z.object({ token: z.string(), path: z.string() }),
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
} as const;

export type LiveMessageKind = keyof typeof liveMessageSchemas;
export type LivePayload<K extends LiveMessageKind> = z.input<(typeof liveMessageSchemas)[K]>;

/** The body of every MESSAGE frame. */
export interface LiveMessage<K extends LiveMessageKind = LiveMessageKind> {
  what: K;
  who?: z.infer<typeof who>;
  payload: LivePayload<K>;
}

/** Failure names the web client acts on (in ERROR frames' message header). */
export const liveFailures = {
  invalidToken: 'InvalidTokenAuthenticationException',
  unknownUser: 'UsernameNotFoundException',
  accessDenied: 'AccessDeniedException',
  oldVersion: 'OldVersionException',
} as const;
