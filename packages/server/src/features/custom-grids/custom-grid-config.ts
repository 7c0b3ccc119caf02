import { customGridObjectTypes, type CustomGridObjectType } from '@wms/contract';
import { z } from 'zod';
import type { CustomGridTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';
import { customGridSources, sourceOf } from './custom-grid-sources.js';

/**
 * A custom grid's configuration (stored in custom_grid): a title, one of the built-in sources
 * of its object type, and the grid columns, each naming a result column of the source. A
 * column's referenceToObject defaults to the source column's; it may be null (no link) but
 * never another object type than the source says the value is.
 */
const objectType = z.enum(customGridObjectTypes);
const columnConfigSchema = z.object({
  label: z.string().trim().min(1).max(200),
  name: z.string().min(1).max(100),
  referenceToObject: objectType.nullable().optional(),
});

export const customGridConfigSchema = z
  .object({
    objectType,
    index: z.number().int().min(0).max(99),
    title: z.string().trim().min(1).max(200),
    source: z.string().min(1).max(100),
    columns: z.array(columnConfigSchema).min(1).max(50),
  })
  .superRefine((config, issues) => {
    const source = sourceOf(config.objectType, config.source);
    if (!source) {
      const known = Object.keys(customGridSources[config.objectType]).join(', ');
      issues.addIssue({ code: 'custom', path: ['source'], message: `not a source of ${config.objectType}: ${known}` });
      return;
    }
    config.columns.forEach((column, i) => {
      const produced = source.columns.find((c) => c.name === column.name);
      if (!produced) {
        issues.addIssue({
          code: 'custom',
          path: ['columns', i, 'name'],
          message: `${config.source} has no ${column.name}`,
        });
      } else if (column.referenceToObject && column.referenceToObject !== produced.reference) {
        issues.addIssue({
          code: 'custom',
          path: ['columns', i, 'referenceToObject'],
          message: `${column.name} is not a code of ${column.referenceToObject}`,
        });
      }
    });
  });
export type CustomGridConfig = z.input<typeof customGridConfigSchema>;

export type NewCustomGrid = Insertable<CustomGridTable>;

/** A grid column as stored and answered: the reference resolved against the source. */
export interface ResolvedColumn {
  label: string;
  name: string;
  referenceToObject: CustomGridObjectType | null;
}

/** The columns with each reference resolved: given, or else the source column's. */
function resolveColumns(config: z.output<typeof customGridConfigSchema>): ResolvedColumn[] {
  const source = sourceOf(config.objectType, config.source);
  return config.columns.map((column) => ({
    label: column.label,
    name: column.name,
    referenceToObject:
      column.referenceToObject === undefined
        ? (source?.columns.find((c) => c.name === column.name)?.reference ?? null)
        : column.referenceToObject,
  }));
}

/** The row to store for a configuration (validated; throws a ZodError on a bad one). */
export function newCustomGridRow(input: CustomGridConfig, at: string): NewCustomGrid {
  const config = customGridConfigSchema.parse(input);
  return {
    object_type: config.objectType,
    position: config.index,
    title: config.title,
    source: config.source,
    columns: JSON.stringify(resolveColumns(config)),
    created_at: at,
    updated_at: at,
  };
}

/** A stored grid read back: null when it no longer fits the sources (it is then not offered). */
export function parseStoredGrid(
  objectTypeName: CustomGridObjectType,
  row: { position: number; title: string; source: string; columns: string },
): { index: number; title: string; source: string; columns: ResolvedColumn[] } | null {
  let columns: unknown;
  try {
    columns = JSON.parse(row.columns);
  } catch {
    return null;
  }
  const parsed = customGridConfigSchema.safeParse({
    objectType: objectTypeName,
    index: row.position,
    title: row.title,
    source: row.source,
    columns,
  });
  if (!parsed.success) return null;
  return {
    index: parsed.data.index,
    title: parsed.data.title,
    source: parsed.data.source,
    columns: resolveColumns(parsed.data),
  };
}
