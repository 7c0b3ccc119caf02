import type { FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../http/authenticate.js';
import { uniqueSessionOf } from '../../http/client-headers.js';
import { callerIp } from '../ip-rules/ip-access.service.js';
import type { ClientInfo } from './auth.service.js';

/**
 * The caller as a new session records it: address (IPv4-mapped IPv6 as IPv4), user agent,
 * UniqueSession and the session cookie it carried.
 */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: callerIp(request.ip),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    uniqueSession: uniqueSessionOf(request.headers),
    previousToken: request.cookies[sessionCookieName],
  };
}
