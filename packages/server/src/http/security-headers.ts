import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Served over HTTPS (COOKIE_SECURE): adds Strict-Transport-Security and upgrade-insecure-requests. */
  https: boolean;
  /** Origins the web app may connect to besides its own (CSP_CONNECT_SRC), e.g. a translation service. */
  connectSources: readonly string[];
}

/**
 * The Content-Security-Policy of the web app, the API and the API docs (one policy: the docs'
 * Swagger UI needs nothing the app does not). What each source is for:
 * - script-src 'wasm-unsafe-eval': the camera scanner compiles zxing-wasm (no JavaScript eval);
 * - style-src 'unsafe-inline': React-Bootstrap and Swagger UI set style attributes, index.html
 *   has a <style>, and the admin's Custom CSS is a <style> element (docs/decisions/0151-security-headers.md);
 * - img-src/media-src data: blob:: pictures taken with the camera, icons in CSS;
 * - frame-src blob:: the PDF preview shows a PDF in an iframe (Chromium's viewer is an extension
 *   frame, not a plugin: object-src stays 'none', checked in e2e/specs/security-headers.spec.ts);
 * - worker-src 'self': the service worker (sw.js); connect-src 'self' covers the same-origin
 *   live socket (ws: and wss: of the page's own host).
 */
function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...options.connectSources],
    'worker-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'upgrade-insecure-requests': options.https ? [] : null,
  };
}

function helmetOptions(options: SecurityHeaderOptions): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // The app embeds nothing cross-origin; a same-origin opener and resource policy hold.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // Only over HTTPS, without subdomains: other hosts of the domain are not ours to decide.
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/**
 * The headers @fastify/helmet sets, computed once at start: the plugin builds them anew on every
 * request (about 10 µs each, measured), a cost every API call would pay. Helmet stays the one
 * source of the header values; they are read from one request to a throwaway instance.
 */
async function helmetHeaders(options: SecurityHeaderOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, helmetOptions(options));
    probe.get('/', () => '');
    const answer = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!skip.has(name) && typeof value === 'string') headers[name] = value;
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * Sets the security headers on every answer: the web app, the API, the API docs, errors and 404s
 * (Content-Security-Policy, X-Content-Type-Options, X-Frame-Options, Referrer-Policy, ...).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
