import { albumsRootPath, fileManagementEndpoints, spreadsheetEndpoints as endpoints } from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** The file name endings the viewer opens. */
export const spreadsheetExtensions = ['.xlsx', '.csv'] as const;
export const isSpreadsheetName = (name: string) =>
  spreadsheetExtensions.some((extension) => name.toLowerCase().endsWith(extension));

/** The viewer's calls (contract api/spreadsheets.ts); failures are shown by the HTTP client. */
export const spreadsheetsApi = {
  /** Reads an uploaded file (not stored). */
  read: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return callApi(endpoints.read, { body });
  },
  /** Reads a file of the file manager's library (temp/albums/{album}/{file}). */
  library: (path: string) => callApi(endpoints.library, { query: { path } }),
};

/** The library's albums, and the files of one album (the file manager's browsing call). */
export const libraryQueries = {
  folder: (path: string = albumsRootPath) => apiQuery(fileManagementEndpoints.contents, { query: { path } }),
};
