import fs from 'node:fs';
import path from 'node:path';
import { albumsRoot } from './album-paths.js';

/** The albums a demo system starts with, so the media library can be tried at once. */
export const demoAlbums = ['General', 'Damaged goods'] as const;

/** Creates the demo albums under DATA_DIR/userdata/temp/albums (kept when they exist). */
export function seedDemoAlbums(dataDir: string): void {
  for (const album of demoAlbums) fs.mkdirSync(path.join(albumsRoot(dataDir), album), { recursive: true });
}
