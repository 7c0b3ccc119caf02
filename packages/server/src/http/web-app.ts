import { isApiUrl } from '@wms/contract';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

type MessageFor = (key: string, args: Record<string, unknown>) => string;

/** While the web app is missing, index.html is looked for at most this often. */
export const webAppCheckIntervalMs = 2000;

/**
 * index.html of the built web app, read once it exists. While it is missing it is looked for
 * again at most every `webAppCheckIntervalMs`, so a build (or a mounted volume) that arrives
 * after the start is served without a restart, and a stream of requests costs one stat per interval.
 */
function createIndexLoader(webDistDir: string, intervalMs = webAppCheckIntervalMs) {
  const indexFile = path.join(webDistDir, 'index.html');
  let indexHtml: Buffer | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return (): Buffer | null => {
    if (indexHtml) return indexHtml;
    const now = Date.now();
    if (now - checkedAt < intervalMs) return null;
    checkedAt = now;
    try {
      indexHtml = fs.readFileSync(indexFile);
    } catch {
      indexHtml = null;
    }
    return indexHtml;
  };
}

/**
 * Serves the built web app with a single-page fallback; unknown API routes get a JSON 404.
 * When the build is there at start, its files are registered one route each (fast, no file
 * lookup per request). When it is missing, a warning is logged and the files are looked up by
 * the not-found handler instead (no wildcard route, which would take over the router's answers
 * to overlong or dot-segment API paths), so they appear once the build does; until then a page
 * answers 503 webAppNotBuilt.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; messageFor: MessageFor },
): Promise<void> {
  const { webDistDir, messageFor } = options;
  const assetsDir = path.join(webDistDir, 'assets') + path.sep;
  const loadIndex = createIndexLoader(webDistDir);
  const presentAtStart = loadIndex() !== null;
  if (!presentAtStart) {
    app.log.warn(
      { webDistDir },
      `the web app is not built: ${path.join(webDistDir, 'index.html')} is missing (run "npm run build", or set ` +
        'WEB_DIST_DIR); pages answer 503 until it appears, then it is served without a restart',
    );
  }
  await app.register(async (web) => {
    // The web app's files are public; declare it on each route fastify-static adds.
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    await web.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // A missing folder at start: no routes; the not-found handler sends files (reply.sendFile).
      serve: presentAtStart,
      index: false,
      // A folder path (`/`, `/item/`) is a page, not a file: to the single-page fallback.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      // Vite names built assets by content hash, so they never change; the rest (sw.js, icons,
      // manifests) is revalidated. Set here, as send's own Cache-Control would override it.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const immutable = filePath.startsWith(assetsDir);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
      },
    });
    // In this context, where reply.sendFile exists; it is the only one, so it answers every path.
    web.setNotFoundHandler(async (request, reply) => {
      const isApi = isApiUrl(request.url);
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isApi && isPage) {
        const indexHtml = loadIndex();
        if (indexHtml && !presentAtStart) {
          const file = await builtFileOf(webDistDir, request.url);
          if (file) return reply.sendFile(file);
        }
        // Single-page fallback: every other path is a page of the web app.
        if (indexHtml)
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
        return sendError(reply.header('retry-after', 5), messageFor, 503, 'webAppNotBuilt');
      }
      return sendError(reply, messageFor, 404, 'notFound', { method: request.method, url: request.url.split('?')[0] });
    });
  });
}

/**
 * The web build's file for a request path (relative to the build folder), or null: only plain
 * paths inside the folder that name an existing file (no dot segments, hidden names, NUL or
 * backslashes), so a build that arrived after the start is served like one that was there.
 */
async function builtFileOf(webDistDir: string, url: string): Promise<string | null> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s.startsWith('.') || /[\\\0]/.test(s))) return null;
  const relative = segments.join('/');
  try {
    return (await fs.promises.stat(path.join(webDistDir, relative))).isFile() ? relative : null;
  } catch {
    return null;
  }
}
