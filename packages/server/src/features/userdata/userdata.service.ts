import fs from 'node:fs';
import path from 'node:path';
import { pathOf, userdataEndpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/app-error.js';

/** Content types of the files a specialization bundle is made of; others are served as octet-stream. */
const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export function frontendBundleDir(ctx: AppContext): string {
  return path.resolve(ctx.config.dataDir, 'userdata', 'frontend_bundle');
}

export interface BundleFile {
  file: string;
  size: number;
  contentType: string;
}

/**
 * The file under <DATA_DIR>/userdata/frontend_bundle/ that the relative path names, or a 404:
 * absent, a folder, a hidden name (a segment starting with '.'), or anything that resolves
 * (also through symbolic links) outside the bundle folder.
 */
export async function findBundleFile(ctx: AppContext, relative: string): Promise<BundleFile> {
  const missing = () => notFound('notFound', { url: pathOf(userdataEndpoints.frontendBundle, { '*': relative }) });
  const segments = relative.split(/[/\\]/);
  if (
    relative.length === 0 ||
    relative.includes('\0') ||
    path.isAbsolute(relative) ||
    segments.some((segment) => segment === '' || segment.startsWith('.'))
  )
    throw missing();
  const root = frontendBundleDir(ctx);
  const candidate = path.resolve(root, ...segments);
  if (!candidate.startsWith(root + path.sep)) throw missing();
  try {
    const [realRoot, realFile] = await Promise.all([fs.promises.realpath(root), fs.promises.realpath(candidate)]);
    if (!realFile.startsWith(realRoot + path.sep)) throw missing();
    const stat = await fs.promises.stat(realFile);
    if (!stat.isFile()) throw missing();
    const contentType = contentTypes[path.extname(realFile).toLowerCase()] ?? 'application/octet-stream';
    return { file: realFile, size: stat.size, contentType };
  } catch {
    throw missing();
  }
}
