import { queryOptions } from '@tanstack/react-query';
import { albumPath, albumsRootPath, type Attachment, type FileContentsAnswer, type FileEntry } from '@wms/contract';
import { http } from '../../platform/http.js';

/** The media library's calls (contract api/file-management.ts) and their query keys. */
const base = '/api/v1/file_management';

export const mediaLibraryQueries = {
  all: () => ['fileManagement'] as const,
  list: (path: string) =>
    queryOptions({
      queryKey: ['fileManagement', 'list', path] as const,
      queryFn: () => http.get<FileContentsAnswer>(`${base}/contents`, { query: { path } }),
    }),
  albums: () => mediaLibraryQueries.list(albumsRootPath),
  album: (group: string) => mediaLibraryQueries.list(albumPath(group)),
};

export function createAlbum(group: string): Promise<FileEntry> {
  return http.post<FileEntry>(`${base}/folder`, { path: albumPath(group) });
}

export function uploadFile(group: string | null, file: Blob, name: string): Promise<FileEntry> {
  const form = new FormData();
  form.append('file', file, name);
  return http.post<FileEntry>(`${base}/upload`, form, { query: group === null ? {} : { path: albumPath(group) } });
}

/** An attachment (base64 blob) as a file upload. */
export function uploadAttachment(group: string | null, attachment: Attachment): Promise<FileEntry> {
  const bytes = Uint8Array.from(atob(attachment.blob), (char) => char.charCodeAt(0));
  const type = attachment.extension === 'png' ? 'image/png' : 'application/octet-stream';
  return uploadFile(group, new Blob([bytes], { type }), attachment.name);
}

export function moveObject(oldPath: string, newPath: string): Promise<FileEntry> {
  return http.post<FileEntry>(`${base}/move`, { oldPath, newPath });
}

export function deleteObject(path: string): Promise<unknown> {
  return http.delete(`${base}/object`, { query: { path } });
}

/** Whether the library may show the file as a picture. */
export function isPicture(entry: FileEntry): boolean {
  return /\.(png|jpe?g|gif|svg)$/i.test(entry.name);
}
