import rateLimitPlugin, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimit } from '../config.js';
import { AppError } from './app-error.js';

/**
 * A limit a route opts into: at most `max` requests per window, counted per client address
 * (request.ip, so TRUST_PROXY decides which address that is; IPv6 grouped by /64) or per
 * session (the caller's session or API key; callers without one are not counted by it).
 */
export interface RouteRateLimit extends RateLimit {
  /** Names the counter: routes that share a name share their counts. */
  name: string;
  per: 'address' | 'session';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimits?: readonly RouteRateLimit[];
  }
}

/** Route config of a route with request rate limits: `config: { ...publicAccess, ...rateLimited(...) }`. */
export const rateLimited = (...limits: RouteRateLimit[]) => ({ rateLimits: limits });

export interface RateLimitOptions {
  /** Counts in Redis, shared by every instance; in this process's memory (at most 5,000 keys per limit) otherwise. */
  redisUrl: string | undefined;
  /** Prefix of the Redis keys (tests isolate their runs). */
  keyPrefix?: string;
  log: FastifyBaseLogger;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function sessionKeyOf(request: FastifyRequest): string | null {
  const principal = request.principal;
  if (!principal) return null;
  if (principal.sessionId !== null) return `session:${principal.sessionId}`;
  return principal.apiKeyId !== null ? `apiKey:${principal.apiKeyId}` : `user:${principal.userId}`;
}

/**
 * Registers @fastify/rate-limit with `global: false`: only routes whose config carries
 * `rateLimits` are limited. Each limit is checked in the route's onRequest, after the request
 * gate (so the caller is known), before the body is read. Over a limit the answer is 429
 * tooManyRequests { max, windowSeconds, retryAfterSeconds } with Retry-After. When Redis
 * cannot be reached the request is let through and a warning logged (at most once a minute):
 * the limits protect capacity, and the sign-in throttle in the database still holds.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectionName: 'wms-rate-limit',
      })
    : undefined;
  let lastWarning = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    options.log.warn({ err: error }, 'rate limit: counting failed (Redis unreachable?); requests are let through');
  };
  redis?.on('error', warn);
  // Connected before the first request, like the live backplane: an unreachable Redis fails the start.
  await redis?.connect().catch((error: unknown) => {
    redis.disconnect();
    throw new Error(`cannot reach Redis for request rate limits: ${(error as Error).message}`, { cause: error });
  });
  app.addHook('onClose', () => {
    redis?.disconnect();
  });

  await app.register(rateLimitPlugin, {
    global: false,
    redis,
    nameSpace: options.keyPrefix ?? 'wms-rate-limit:',
    skipOnError: false,
  });

  app.addHook('onRoute', (route) => {
    const limits = route.config?.rateLimits;
    if (!limits?.length) return;
    const checks = limits.map((limit) => ({
      limit,
      limiter: app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request) =>
          `${limit.name}:${limit.per === 'address' ? normalizeIP(request.ip) : sessionKeyOf(request)}`,
      }),
    }));
    const hook = limitHook(checks, warn);
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
}

function limitHook(
  checks: readonly { limit: RouteRateLimit; limiter: Limiter }[],
  warn: (error: unknown) => void,
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    for (const { limit, limiter } of checks) {
      if (limit.per === 'session' && sessionKeyOf(request) === null) continue;
      let result: Awaited<ReturnType<Limiter>>;
      try {
        result = await limiter(request);
      } catch (error) {
        warn(error);
        continue;
      }
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, 'tooManyRequests', {
        max: limit.max,
        windowSeconds: Math.ceil(limit.windowMs / 1000),
        retryAfterSeconds: result.ttlInSeconds,
      });
    }
  };
}
