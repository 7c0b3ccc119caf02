import {
  albumPath,
  albumsRootPath,
  areaKey,
  fileManagementEndpoints,
  type Attachment,
  type FileEntry,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** The media library's calls (contract api/file-management.ts) and their query keys. */
export const mediaLibraryQueries = {
  all: () => areaKey('fileManagement'),
  list: (path: string) => apiQuery(fileManagementEndpoints.contents, { query: { path } }),
  albums: () => mediaLibraryQueries.list(albumsRootPath),
  album: (group: string) => mediaLibraryQueries.list(albumPath(group)),
};

export function createAlbum(group: string): Promise<FileEntry> {
  return callApi(fileManagementEndpoints.createFolder, { body: { path: albumPath(group) } });
}

export function uploadFile(group: string | null, file: Blob, name: string): Promise<FileEntry> {
  const form = new FormData();
  form.append('file', file, name);
  return callApi(fileManagementEndpoints.upload, {
    query: group === null ? {} : { path: albumPath(group) },
    body: form,
  });
}

/** An attachment (base64 blob) as a file upload. */
export function uploadAttachment(group: string | null, attachment: Attachment): Promise<FileEntry> {
  const bytes = Uint8Array.from(atob(attachment.blob), (char) => char.charCodeAt(0));
  const type = attachment.extension === 'png' ? 'image/png' : 'application/octet-stream';
  return uploadFile(group, new Blob([bytes], { type }), attachment.name);
}

export function moveObject(oldPath: string, newPath: string): Promise<FileEntry> {
  return callApi(fileManagementEndpoints.move, { body: { oldPath, newPath } });
}

export function deleteObject(path: string): Promise<unknown> {
  return callApi(fileManagementEndpoints.remove, { query: { path } });
}

/** Whether the library may show the file as a picture. */
export function isPicture(entry: FileEntry): boolean {
  return /\.(png|jpe?g|gif|svg)$/i.test(entry.name);
}
