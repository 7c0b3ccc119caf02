import { z } from 'zod';
import { isoDateTime, okSchema } from './common.js';
import { defineEndpoints, signedInAccess } from './endpoint.js';

/**
 * File management: the media library's albums under
 * /api/v1/file_management/. Albums are folders under DATA_DIR/userdata/temp/albums/ named by
 * their group; paths on the wire are relative to DATA_DIR/userdata and always start with
 * `temp/albums` (albumsRootPath): `temp/albums` (the album list), `temp/albums/{group}` (an
 * album), `temp/albums/{group}/{file}` (a file). Nothing deeper exists.
 *
 * - GET    contents?path&withContents   getContents: the entries of the root or of an album     signed in
 * - POST   upload?path=temp/albums/{g}  uploadFile: multipart, field `file`, one attachment      signed in
 * - POST   folder {path}                createFolder: a new (empty) album                        signed in
 * - POST   move {oldPath, newPath}      moveObject: rename or move a file, or rename an album    uploader or admin; albums admin
 * - DELETE object?path                 deleteObject: a file, or an album with its files         uploader or admin; albums admin
 * - GET    /userdata/temp/albums/{group}/{file}   the file itself (thumbnails, downloads)          signed in
 *
 * Refusals: 400 noGroupSelectedForLibrary (an upload without an album), 400 invalidPath {path}
 * (outside temp/albums, `..`, absolute, NUL, a symbolic link, too deep), 400 invalidFileName
 * {name}, 422 attachmentTypeNotAllowed {extensions}, 422 attachmentContentMismatch {extension}
 * (the bytes are not what the extension says, or an svg that is not svg XML), 413
 * attachmentTooLarge {maxMb}, 409 fileAlreadyExists {path}, 404 notFound {path}, 403
 * requestForbidden (not the uploader nor an admin), 400 malformedUpload (a multipart body that
 * does not parse), 422 uploadQuotaExceeded {maxMb} / uploadFileCountExceeded {maxFiles} (the
 * uploader's quota, UPLOAD_QUOTA_MB / UPLOAD_QUOTA_FILES), 422 albumContentsTooLarge {maxMb}
 * (withContents over FILE_CONTENTS_MAX_MB: load the files by their url). A refusal writes nothing.
 */
export const albumsRootPath = 'temp/albums';
export const attachmentExtensions = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'pdf'] as const;
export type AttachmentExtension = (typeof attachmentExtensions)[number];
export const attachmentMaxBytes = 5 * 1024 * 1024;

/** An attachment: the file's bytes as base64, its name and extension. */
export const attachmentSchema = z.object({
  blob: z.string(),
  name: z.string(),
  extension: z.enum(attachmentExtensions),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const pathSchema = z.string().max(1000);

export const fileContentsQuerySchema = z.object({
  path: pathSchema.default(albumsRootPath),
  withContents: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type FileContentsQuery = z.input<typeof fileContentsQuerySchema>;

/** One entry of a folder (the spec's Album: name, isDirectory, isHidden; plus what the library shows). */
export const fileEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  isDirectory: z.boolean(),
  /** The name starts with '.'; the library does not show hidden albums or files. */
  isHidden: z.boolean(),
  /** Bytes (0 for a folder). */
  size: z.number().int().nonnegative(),
  modified: isoDateTime,
  /** Where the file is served (null for a folder). */
  url: z.string().nullable(),
  /** The username of who uploaded the file; null for folders and files put there otherwise. */
  uploadedBy: z.string().nullable(),
  /**
   * The file's bytes as base64 when asked withContents (null for folders and files over
   * attachmentMaxBytes); the server streams that answer. Clients show files by their url.
   */
  contents: z.string().nullable(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const fileContentsAnswerSchema = z.object({ path: z.string(), entries: z.array(fileEntrySchema) });
export type FileContentsAnswer = z.infer<typeof fileContentsAnswerSchema>;

/** The album of an upload; missing or the root is 400 noGroupSelectedForLibrary. */
export const fileUploadQuerySchema = z.object({ path: pathSchema.optional() });
export type FileUploadQuery = z.input<typeof fileUploadQuerySchema>;

export const folderCreateRequestSchema = z.object({ path: pathSchema });
export type FolderCreateRequest = z.input<typeof folderCreateRequestSchema>;
export const moveObjectRequestSchema = z.object({ oldPath: pathSchema, newPath: pathSchema });
export type MoveObjectRequest = z.input<typeof moveObjectRequestSchema>;
export const deleteObjectQuerySchema = z.object({ path: pathSchema });
export type DeleteObjectQuery = z.input<typeof deleteObjectQuerySchema>;

/** A file of an album, served at /userdata/temp/albums/{group}/{file}. */
export const albumFileParamsSchema = z.object({
  group: z.string().min(1).max(200),
  file: z.string().min(1).max(200),
});
export type AlbumFileParams = z.infer<typeof albumFileParamsSchema>;

/** The album path of a group. */
export const albumPath = (group: string) => `${albumsRootPath}/${group}`;
/** The URL a file of the library is served at. */
export const albumFileUrl = (path: string) => `/userdata/${path.split('/').map(encodeURIComponent).join('/')}`;

/** The media library's endpoints, listed in the notes at the top. */
export const fileManagementEndpoints = defineEndpoints('fileManagement', {
  contents: {
    method: 'GET',
    path: '/api/v1/file_management/contents',
    access: signedInAccess,
    query: fileContentsQuerySchema,
    answer: fileContentsAnswerSchema,
  },
  upload: {
    method: 'POST',
    path: '/api/v1/file_management/upload',
    access: signedInAccess,
    query: fileUploadQuerySchema,
    upload: true,
    answer: fileEntrySchema,
    status: 201,
  },
  createFolder: {
    method: 'POST',
    path: '/api/v1/file_management/folder',
    access: signedInAccess,
    body: folderCreateRequestSchema,
    answer: fileEntrySchema,
    status: 201,
  },
  move: {
    method: 'POST',
    path: '/api/v1/file_management/move',
    access: signedInAccess,
    body: moveObjectRequestSchema,
    answer: fileEntrySchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/file_management/object',
    access: signedInAccess,
    query: deleteObjectQuerySchema,
    answer: okSchema,
  },
  /** The file itself (thumbnails, downloads), streamed. */
  albumFile: {
    method: 'GET',
    path: '/userdata/temp/albums/:group/:file',
    access: signedInAccess,
    params: albumFileParamsSchema,
    answer: null,
  },
});
