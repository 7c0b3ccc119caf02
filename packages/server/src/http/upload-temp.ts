import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploads are streamed to temporary files under DATA_DIR/tmp/uploads (the same file system as
 * the albums and item images, so moving one into place is an atomic rename or link) and never
 * held in memory whole. A temporary file is removed when its request ends; one left behind by a
 * crash is removed once it is older than uploadTempMaxAgeMs: at start and every
 * uploadTempSweepMs. Younger files are kept, as they may be uploads in progress of another
 * instance on the same DATA_DIR.
 */
const uploadTempMaxAgeMs = 60 * 60 * 1000;
const uploadTempSweepMs = 10 * 60 * 1000;

export const uploadTempFolder = (dataDir: string): string => path.join(dataDir, 'tmp', 'uploads');

/** Removes the temporary uploads older than maxAgeMs; answers how many were removed. */
export async function sweepUploadTemp(dataDir: string, maxAgeMs = uploadTempMaxAgeMs, now = Date.now()) {
  const folder = uploadTempFolder(dataDir);
  let removed = 0;
  for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
    const file = path.join(folder, name);
    try {
      const stat = await fs.lstat(file);
      if (now - stat.mtimeMs < maxAgeMs) continue;
      await fs.rm(file, { recursive: true, force: true });
      removed++;
    } catch {
      // removed meanwhile by its own request
    }
  }
  return removed;
}

/**
 * Creates the temporary upload folder, removes what a crash left there (older than an hour) and
 * keeps sweeping; answers the function that stops the sweeping.
 */
export async function startUploadTemp(
  dataDir: string,
  log: { warn(details: object, message: string): void },
): Promise<() => void> {
  await fs.mkdir(uploadTempFolder(dataDir), { recursive: true });
  await sweepUploadTemp(dataDir);
  const timer = setInterval(() => {
    sweepUploadTemp(dataDir).catch((error: unknown) => log.warn({ err: error }, 'upload temp sweep failed'));
  }, uploadTempSweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
