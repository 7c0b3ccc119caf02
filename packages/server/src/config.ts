import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { liveLimitDefaults, maximumPasswordLength, runtimeTypes } from '@wms/contract';
import { parseProxyTrust, type ProxyTrust } from './http/trusted-proxies.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** packages/server, whether running from src (tests) or dist (built). */
export const serverPackageDir = path.resolve(here, '..');
const repositoryDir = path.resolve(serverPackageDir, '..', '..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().positive();

/** A request rate: at most `max` requests per window, counted per client address or session. */
export interface RateLimit {
  max: number;
  windowMs: number;
}
const windowUnitMs = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** `<count>/<window>`, e.g. `20/1h`, `100/1m`, `5/30s` (a window without a number is 1 unit). */
const rateLimitFromEnv = z
  .string()
  .regex(/^\s*[1-9]\d*\s*\/\s*(\d*)\s*[smh]\s*$/, 'must be <count>/<window>, e.g. 20/1h, 100/1m or 5/30s')
  .transform((text): RateLimit => {
    const [count = '', window = ''] = text.replace(/\s/g, '').split('/');
    const unit = window.slice(-1) as keyof typeof windowUnitMs;
    return { max: Number(count), windowMs: Number(window.slice(0, -1) || '1') * windowUnitMs[unit] };
  })
  .refine((limit) => limit.windowMs > 0, 'the window must be longer than 0');

/** Every environment variable the server reads, with the defaults that run embedded. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  WMS_RUNTIME_TYPE: z.enum(runtimeTypes).default('PRODUCTION'),
  DEMO_DATA: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: positiveInt.default(720),
  SESSION_MAX_HOURS: positiveInt.default(168),
  COOKIE_SECURE: booleanFromEnv.default(false),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, context): ProxyTrust => {
      const trust = parseProxyTrust(text);
      if (typeof trust === 'string') {
        context.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    }),
  PASSWORD_MIN_LENGTH: positiveInt.max(maximumPasswordLength).default(8),
  ALLOWED_ORIGINS: z.string().optional(),
  SIGNIN_MAX_FAILURES: positiveInt.default(10),
  SIGNIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  SIGNIN_BLOCK_MINUTES: positiveInt.default(60),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  TRANSLATIONS_DIR: z.string().optional(),
  UPLOAD_QUOTA_MB: positiveInt.default(500),
  UPLOAD_QUOTA_FILES: positiveInt.default(2000),
  FILE_CONTENTS_MAX_MB: positiveInt.default(20),
  UPLOADS_MAX_IN_PROGRESS: positiveInt.default(8),
  UPLOAD_IDLE_SECONDS: positiveInt.default(30),
  DOCUMENT_ATTACHMENTS_MAX: positiveInt.default(20),
  SIGNIN_RATE_LIMIT: rateLimitFromEnv.prefault('100/1m'),
  ANALYTICS_RATE_LIMIT: rateLimitFromEnv.prefault('120/1m'),
  BUG_REPORT_RATE_LIMIT: rateLimitFromEnv.prefault('20/1h'),
  BUG_REPORT_SESSION_RATE_LIMIT: rateLimitFromEnv.prefault('5/1h'),
  BUG_REPORT_MAX_BYTES: positiveInt.default(65_536),
  BUG_REPORT_RETENTION_DAYS: positiveInt.default(90),
  BUG_REPORT_MAX_ROWS: positiveInt.default(1000),
  LIVE_MAX_DEVICE_SUBSCRIPTIONS: positiveInt.default(liveLimitDefaults.deviceSubscriptions),
  LIVE_MAX_USER_SUBSCRIPTIONS: positiveInt.default(liveLimitDefaults.userSubscriptions),
  LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS: positiveInt.default(liveLimitDefaults.deviceSocketsPerAddress),
  ERP_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(2000),
  ERP_OUTBOX_RETRY_BASE_MS: positiveInt.max(3_600_000).default(5000),
  ERP_OUTBOX_MAX_ATTEMPTS: positiveInt.max(1000).default(10),
  CSP_CONNECT_SRC: z
    .string()
    .regex(/^[^;,'"]*(,[^;,'"]*)*$/, 'must be a comma-separated list of origins (no quotes or semicolons)')
    .optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  runtimeType: (typeof runtimeTypes)[number];
  demoData: boolean;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  cookieSecure: boolean;
  /** Some reverse proxy is trusted (TRUST_PROXY is not false): X-Forwarded-Host is believed. */
  trustProxy: boolean;
  /** Whose X-Forwarded-For entries are believed: none, a number of hops, or proxy addresses. */
  proxyTrust: ProxyTrust;
  /** New passwords: at least this many characters (and not a common one, nor the username). */
  passwordMinLength: number;
  /** Origins allowed to open the live socket besides the server's own host. */
  allowedOrigins: string[];
  signinMaxFailures: number;
  signinFailureWindowMinutes: number;
  signinBlockMinutes: number;
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  webDistDir: string;
  translationsDir: string;
  version: string;
  /**
   * Media library: per-user upload quota (bytes and files) and the cap of a getContents withContents
   * answer; uploads (media library and item images) read or handled at once per process.
   */
  uploads: {
    quotaBytes: number;
    quotaFiles: number;
    contentsMaxBytes: number;
    maxInProgress: number;
    /** An upload whose body sends nothing for this long is cut off (its slot freed). */
    idleMs: number;
  };
  /** Most attachments one document may have (features/documents). */
  documentAttachmentsMax: number;
  /** Request rates of the public routes an anonymous client can call (see http/rate-limit.ts). */
  rateLimits: { signin: RateLimit; analytics: RateLimit; bugReport: RateLimit; bugReportPerSession: RateLimit };
  bugReports: { maxBytes: number; retentionDays: number; maxRows: number };
  /** Origins the web app may connect to besides its own (Content-Security-Policy connect-src). */
  cspConnectSources: string[];
  /** Live-socket limits: subscriptions per socket by kind, sockets without a session per address. */
  liveLimits: { deviceSubscriptions: number; userSubscriptions: number; deviceSocketsPerAddress: number };
  /**
   * The ERP outbox dispatcher: how often it looks for due rows, the first retry delay (doubled
   * per failed attempt, at most an hour), and the attempts after which a row is DEAD.
   */
  erpOutbox: { intervalMs: number; retryBaseMs: number; maxAttempts: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = appVersion): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'wms.sqlite')}`,
    redisUrl: e.REDIS_URL,
    runtimeType: e.WMS_RUNTIME_TYPE,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY.kind !== 'none',
    proxyTrust: e.TRUST_PROXY,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    signinMaxFailures: e.SIGNIN_MAX_FAILURES,
    signinFailureWindowMinutes: e.SIGNIN_FAILURE_WINDOW_MINUTES,
    signinBlockMinutes: e.SIGNIN_BLOCK_MINUTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repositoryDir, 'packages', 'web', 'dist')),
    translationsDir: path.resolve(e.TRANSLATIONS_DIR ?? path.join(repositoryDir, 'packages', 'web', 'src', 'i18n')),
    version,
    uploads: {
      quotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      quotaFiles: e.UPLOAD_QUOTA_FILES,
      contentsMaxBytes: e.FILE_CONTENTS_MAX_MB * 1024 * 1024,
      maxInProgress: e.UPLOADS_MAX_IN_PROGRESS,
      idleMs: e.UPLOAD_IDLE_SECONDS * 1000,
    },
    documentAttachmentsMax: e.DOCUMENT_ATTACHMENTS_MAX,
    rateLimits: {
      signin: e.SIGNIN_RATE_LIMIT,
      analytics: e.ANALYTICS_RATE_LIMIT,
      bugReport: e.BUG_REPORT_RATE_LIMIT,
      bugReportPerSession: e.BUG_REPORT_SESSION_RATE_LIMIT,
    },
    bugReports: {
      maxBytes: e.BUG_REPORT_MAX_BYTES,
      retentionDays: e.BUG_REPORT_RETENTION_DAYS,
      maxRows: e.BUG_REPORT_MAX_ROWS,
    },
    liveLimits: {
      deviceSubscriptions: e.LIVE_MAX_DEVICE_SUBSCRIPTIONS,
      userSubscriptions: e.LIVE_MAX_USER_SUBSCRIPTIONS,
      deviceSocketsPerAddress: e.LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS,
    },
    erpOutbox: {
      intervalMs: e.ERP_OUTBOX_INTERVAL_MS,
      retryBaseMs: e.ERP_OUTBOX_RETRY_BASE_MS,
      maxAttempts: e.ERP_OUTBOX_MAX_ATTEMPTS,
    },
    cspConnectSources: (e.CSP_CONNECT_SRC ?? '')
      .split(',')
      .map((source) => source.trim())
      .filter(Boolean),
  };
}

/** The product version: the root package.json's, which the web client sends as AppVersion. */
export const appVersion: string = (
  JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8')) as { version: string }
).version;
