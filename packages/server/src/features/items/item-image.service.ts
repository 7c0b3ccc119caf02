import fs from 'node:fs/promises';
import {
  userdataStaticUrl,
  codeKey,
  itemImageCodeParam,
  itemImageExtensions,
  type Item,
  type updateItemRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import type { Upload } from '../../http/multipart-upload.js';
import { contentTypeOf, hasFileSignature } from '../../util/file-types.js';
import { nowIso } from '../../util/time.js';
import * as repository from './item-actions.repository.js';
import {
  extensionOf,
  imageFileBase,
  imageFileNamePattern,
  imageFileOf,
  itemImagesFolderName,
  removeImageFiles,
  storeImageFile,
} from './item-image-files.js';
import { publishItemsChanged } from './item-live.js';
import { findItemByCodeLower } from './items.repository.js';
import { findItemRowOrThrow, toItem } from './items.service.js';

const notAnImage = () => unprocessable('imageTypeNotAllowed', { extensions: [...itemImageExtensions] });

/**
 * Stores an uploaded item image (png, jpg, jpeg or gif by extension AND by its first bytes, else
 * 422 imageTypeNotAllowed) as item_images/{safe code}.{ext}, removes the item's image of another
 * extension, sets image_path with a new version; ITEM_CHANGED after the commit. The upload is a
 * temporary file (http/multipart-upload.ts), renamed into place inside the transaction.
 */
export async function uploadItemImage(
  ctx: AppContext,
  code: string,
  upload: Upload,
): Promise<{ imagePath: string; url: string }> {
  const ext = extensionOf(upload.fileName);
  if (ext === null || !hasFileSignature(upload.head, ext)) throw notAnImage();
  const item = await findItemRowOrThrow(ctx, code);
  const base = imageFileBase(item.code);
  const imagePath = `${itemImagesFolderName}/${base}.${ext}`;
  await storeImageFile(ctx.config.dataDir, base, ext, upload.file, (placeFile) =>
    ctx.db.transaction().execute(async (tx) => {
      const row = await repository.updateItemImagePath(tx, item.id, imagePath, undefined, nowIso());
      if (!row) throw notFound('unknownItemForCode', { code });
      await placeFile();
    }),
  );
  publishItemsChanged(ctx, [item.code]);
  return { imagePath, url: userdataStaticUrl(imagePath) };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * updateItem(code, {imagePath, version}): points the item at an uploaded image under
 * item_images/ (422 invalidInput {field: 'imagePath', reason: 'fileNotFound'} when no such
 * file), or clears it (null; the item's own file is removed when no other item shows it).
 * A stale version is 412. ITEM_CHANGED after the commit.
 */
export async function updateItem(
  ctx: AppContext,
  code: string,
  request: z.output<typeof updateItemRequestSchema>,
): Promise<Item> {
  const { imagePath, version } = request;
  if (imagePath !== null) {
    const file = imageFileOf(ctx.config.dataDir, imagePath);
    if (file === null || !(await isFile(file.file))) {
      throw unprocessable('invalidInput', { field: 'imagePath', reason: 'fileNotFound', imagePath });
    }
  }
  const { before, after } = await ctx.db.transaction().execute(async (tx) => {
    const item = await findItemByCodeLower(tx, codeKey(code));
    if (!item) throw notFound('unknownItemForCode', { code });
    const row = await repository.updateItemImagePath(tx, item.id, imagePath, version, nowIso());
    if (!row) throw preconditionFailed({ code: item.code });
    const orphan =
      imagePath === null && item.image_path !== null
        ? !(await repository.isImageUsedByOtherItem(tx, item.image_path, item.id))
        : false;
    return { before: { imagePath: item.image_path, orphan }, after: row };
  });
  if (before.orphan && before.imagePath !== null) {
    const file = imageFileOf(ctx.config.dataDir, before.imagePath);
    const base = imageFileBase(after.code);
    // Only the item's own file (named by its code): another name may be shown by an item later.
    if (file && before.imagePath.startsWith(`${itemImagesFolderName}/${base}.`)) {
      await removeImageFiles(ctx.config.dataDir, base, null);
    }
  }
  publishItemsChanged(ctx, [after.code]);
  return toItem(after);
}

export interface ImageFile {
  file: string;
  size: number;
  contentType: string;
}

async function imageFileOrThrow(ctx: AppContext, imagePath: string, args: Record<string, unknown>): Promise<ImageFile> {
  const found = imageFileOf(ctx.config.dataDir, imagePath);
  if (!found) throw notFound('notFound', args);
  try {
    const stat = await fs.stat(found.file);
    if (!stat.isFile()) throw notFound('notFound', args);
    return { file: found.file, size: stat.size, contentType: contentTypeOf(found.ext) };
  } catch {
    throw notFound('notFound', args);
  }
}

/** The item code in GET /api/v1/item/{code}/image: URL-safe base64 of its UTF-8 (contract itemImageCodeParam). */
export function decodeImageCodeParam(encoded: string): string | null {
  try {
    const code = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64url'));
    return code.length > 0 && itemImageCodeParam(code) === encoded ? code : null;
  } catch {
    return null;
  }
}

/** GET /api/v1/item/{base64url code}/image: the item's image file, or 404 notFound when it has none. */
export async function findItemImage(ctx: AppContext, encoded: string): Promise<ImageFile> {
  const code = decodeImageCodeParam(encoded);
  if (code === null) throw notFound('notFound', { code: encoded });
  const item = await findItemRowOrThrow(ctx, code);
  if (item.image_path === null) throw notFound('notFound', { code: item.code });
  return imageFileOrThrow(ctx, item.image_path, { code: item.code });
}

/** GET /userdata/static/item_images/{file}: an uploaded item image by its file name. */
export async function findStaticItemImage(ctx: AppContext, fileName: string): Promise<ImageFile> {
  const url = userdataStaticUrl(`${itemImagesFolderName}/${fileName}`);
  if (!imageFileNamePattern.test(fileName)) throw notFound('notFound', { url });
  return imageFileOrThrow(ctx, `${itemImagesFolderName}/${fileName}`, { url });
}
