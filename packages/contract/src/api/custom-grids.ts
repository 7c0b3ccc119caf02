import { z } from 'zod';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Custom grids of the detail views: tables an administrator
 * configures per object type, shown in an object's information dialog. Both routes need
 * `information`.
 *
 * - GET /api/v1/custom_grid/{objectType}/{index}/{code}   getCustomGridForObjectInformation
 * - GET /api/v1/custom_grid/{objectType}           the grids configured for an object type (titles)
 */

/** Object types a custom grid can belong to, and that a column can reference. */
export const customGridObjectTypes = ['items', 'binLocations', 'batches', 'serials'] as const;
export type CustomGridObjectType = (typeof customGridObjectTypes)[number];
export const customGridColumnSchema = z.object({
  label: z.string(),
  name: z.string(),
  /** The cell holds a code of this object type: the web shows it as an object link. */
  referenceToObject: z.enum(customGridObjectTypes).nullable(),
});
export type CustomGridColumn = z.infer<typeof customGridColumnSchema>;
export const customGridParamSchema = z.object({
  objectType: z.enum(customGridObjectTypes),
  index: z.coerce.number().int().min(0).max(99),
  code: z.string().trim().min(1).max(100),
});
export type CustomGridParams = z.input<typeof customGridParamSchema>;
export const customGridTypeParamSchema = z.object({ objectType: z.enum(customGridObjectTypes) });
export type CustomGridTypeParams = z.infer<typeof customGridTypeParamSchema>;
/** One cell of a grid's row. */
export const customGridCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CustomGridCell = z.infer<typeof customGridCellSchema>;
export const customGridSchema = z.object({
  title: z.string(),
  columns: z.array(customGridColumnSchema),
  rows: z.array(z.record(z.string(), customGridCellSchema)),
});
export type CustomGrid = z.infer<typeof customGridSchema>;
export const customGridTitlesAnswerSchema = z.array(z.object({ index: z.number().int(), title: z.string() }));
export type CustomGridTitles = z.infer<typeof customGridTitlesAnswerSchema>;

/** The custom grid endpoints. */
export const customGridEndpoints = defineEndpoints('customGrids', {
  list: {
    method: 'GET',
    path: '/api/v1/custom_grid/:objectType',
    access: rolesAccess('information'),
    params: customGridTypeParamSchema,
    answer: customGridTitlesAnswerSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/custom_grid/:objectType/:index/:code',
    access: rolesAccess('information'),
    params: customGridParamSchema,
    answer: customGridSchema,
  },
});
