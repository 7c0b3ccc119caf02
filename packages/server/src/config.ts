import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runtimeTypes } from '@wms/contract';

const here = path.dirname(fileURLToPath(import.meta.url));
/** packages/server, whether running from src (tests) or dist (built). */
export const serverPackageDir = path.resolve(here, '..');
const repositoryDir = path.resolve(serverPackageDir, '..', '..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().positive();

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
  TRUST_PROXY: booleanFromEnv.default(false),
  ALLOWED_ORIGINS: z.string().optional(),
  SIGNIN_MAX_FAILURES: positiveInt.default(10),
  SIGNIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  SIGNIN_BLOCK_MINUTES: positiveInt.default(60),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  TRANSLATIONS_DIR: z.string().optional(),
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
  trustProxy: boolean;
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
    trustProxy: e.TRUST_PROXY,
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
  };
}

/** The product version: the root package.json's, which the web client sends as AppVersion. */
export const appVersion: string = (
  JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8')) as { version: string }
).version;
