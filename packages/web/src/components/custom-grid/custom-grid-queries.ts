import { queryOptions } from '@tanstack/react-query';
import type { CustomGridObjectType } from '@wms/contract';
import { http } from '../../platform/http.js';

/** The answers of contract lookups.ts customGridSchema and customGridTitlesAnswerSchema. */
export interface CustomGridColumn {
  label: string;
  name: string;
  referenceToObject: CustomGridObjectType | null;
}
export type CustomGridCell = string | number | boolean | null;
export interface CustomGrid {
  title: string;
  columns: CustomGridColumn[];
  rows: Record<string, CustomGridCell>[];
}
export type CustomGridTitles = { index: number; title: string }[];

const base = '/api/v1/custom_grid';

/** Custom grids (spec 01 section 7, getCustomGridForObjectInformation): the titles per object type, and one grid of one object. */
export const customGridQueries = {
  all: () => ['customGrids'] as const,
  list: (objectType: CustomGridObjectType) =>
    queryOptions({
      queryKey: ['customGrids', 'list', objectType] as const,
      // Silent: without a grids configuration the section simply is not there.
      queryFn: () => http.get<CustomGridTitles>(`${base}/${objectType}`, { silent: true }),
      staleTime: 5 * 60_000,
    }),
  detail: (objectType: CustomGridObjectType, index: number, code: string) =>
    queryOptions({
      queryKey: ['customGrids', 'detail', objectType, index, code] as const,
      queryFn: () => http.get<CustomGrid>(`${base}/${objectType}/${index}/${encodeURIComponent(code)}`),
    }),
};
