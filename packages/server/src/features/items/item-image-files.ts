import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { itemImageExtensions } from '@wms/contract';

/**
 * Item image files: <DATA_DIR>/userdata/static/item_images/{name}.{ext}, recorded on the item as
 * image_path 'item_images/{name}.{ext}' and served under /userdata/static/item_images/.
 *
 * The name is the item code made safe for every file system and URL: letters, digits, '-' and
 * '_' stay; every other UTF-8 byte (also '.', '/', '\', '~' and spaces) becomes ~XX (hex), so a
 * code like '../x' can not leave the folder and no name needs URL encoding. A name that would
 * exceed 200 characters is '~~' + the SHA-256 of the code.
 */
export type ItemImageExtension = (typeof itemImageExtensions)[number];

export const itemImagesFolderName = 'item_images';

export function itemImagesFolder(dataDir: string): string {
  return path.resolve(dataDir, 'userdata', 'static', itemImagesFolderName);
}

export function imageFileBase(code: string): string {
  let name = '';
  for (const byte of Buffer.from(code, 'utf8')) {
    const char = String.fromCharCode(byte);
    name += /[A-Za-z0-9_-]/.test(char) ? char : `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return name.length > 200 ? `~~${createHash('sha256').update(code, 'utf8').digest('hex')}` : name;
}

/** A file name as imageFileBase and an allowed extension make it. */
export const imageFileNamePattern = /^[A-Za-z0-9_~-]{1,200}\.(png|jpg|jpeg|gif)$/;

export function extensionOf(fileName: string): ItemImageExtension | null {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return (itemImageExtensions as readonly string[]).includes(ext) ? (ext as ItemImageExtension) : null;
}

/** The file an image_path names, when it is a plain file name under item_images/; otherwise null. */
export function imageFileOf(dataDir: string, imagePath: string): { file: string; ext: ItemImageExtension } | null {
  const prefix = `${itemImagesFolderName}/`;
  if (!imagePath.startsWith(prefix)) return null;
  const name = imagePath.slice(prefix.length);
  if (!imageFileNamePattern.test(name)) return null;
  const ext = extensionOf(name);
  return ext === null ? null : { file: path.join(itemImagesFolder(dataDir), name), ext };
}

/**
 * Stores the image held in the temporary file `upload` (under DATA_DIR/tmp/uploads, the same file
 * system): `commit` runs the database update and calls `placeFile` (the rename into place)
 * before its transaction commits, so a failed update leaves the old image (and the temporary
 * file, which its request removes). Afterwards the item's images of other extensions are removed.
 */
export async function storeImageFile(
  dataDir: string,
  base: string,
  ext: ItemImageExtension,
  upload: string,
  commit: (placeFile: () => Promise<void>) => Promise<void>,
): Promise<string> {
  const folder = itemImagesFolder(dataDir);
  const fileName = `${base}.${ext}`;
  await fs.mkdir(folder, { recursive: true });
  await commit(() => fs.rename(upload, path.join(folder, fileName)));
  await removeImageFiles(dataDir, base, ext);
  return fileName;
}

/** Removes the item's image files of every extension except `keep`. */
export async function removeImageFiles(dataDir: string, base: string, keep: ItemImageExtension | null): Promise<void> {
  const folder = itemImagesFolder(dataDir);
  await Promise.all(
    itemImageExtensions
      .filter((ext) => ext !== keep)
      .map((ext) => fs.rm(path.join(folder, `${base}.${ext}`), { force: true })),
  );
}
