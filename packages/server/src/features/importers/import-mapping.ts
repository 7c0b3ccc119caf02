import type { ImportColumn, ImportMapping } from '@wms/contract';
import { badRequest, unprocessable } from '../../http/app-error.js';

/**
 * Column mapping (Decision 0176). A header matches a column when, normalised, it equals one of
 * the column's aliases or its name: case, accents, spaces, underscores, dots and hyphens do not
 * count ("Artikel-Nr." = "artikelnr", "Ilość" = "ilosc", "item_code" = "itemCode").
 */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[\s_.\-/]+/g, '');
}

/**
 * The automatic mapping of a file's headers: the user's remembered header text of each column
 * first, then the column's name and aliases. A header serves one column at most; a column
 * without a matching header maps to null.
 */
export function automaticMapping(
  columns: readonly ImportColumn[],
  headers: readonly string[],
  remembered: Readonly<Record<string, string>> | null,
): ImportMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  const take = (column: ImportColumn, texts: readonly string[]) => {
    for (const text of texts) {
      const wanted = normaliseHeader(text);
      if (wanted === '') continue;
      const index = normalised.findIndex((header, i) => header === wanted && !used.has(i));
      if (index >= 0) {
        used.add(index);
        mapping[column.name] = index;
        return;
      }
    }
  };
  for (const column of columns) {
    const text = remembered?.[column.name];
    if (text !== undefined) take(column, [text]);
  }
  for (const column of columns) {
    if (mapping[column.name] === undefined) take(column, [column.name, ...column.aliases]);
  }
  for (const column of columns) mapping[column.name] ??= null;
  return mapping;
}

/** The first required column the mapping leaves out, or undefined. */
export function missingRequiredColumn(columns: readonly ImportColumn[], mapping: ImportMapping): string | undefined {
  return columns.find((column) => column.required && (mapping[column.name] ?? null) === null)?.name;
}

/**
 * A user's mapping, checked: every column name known (400 invalidInput), every index within the
 * headers and no header used twice (400 invalidInput), every required column mapped (422
 * importMappingMissingColumn {column}). Answers it with every column present (null when unmapped).
 */
export function checkedMapping(
  columns: readonly ImportColumn[],
  headers: readonly string[],
  mapping: ImportMapping,
): ImportMapping {
  const names = new Set(columns.map((column) => column.name));
  const fields: { field: string; message: string }[] = [];
  const used = new Map<number, string>();
  for (const [name, index] of Object.entries(mapping)) {
    const field = `body.mapping.${name}`;
    if (!names.has(name)) fields.push({ field, message: 'not a column of this importer' });
    else if (index !== null && index >= headers.length) fields.push({ field, message: 'not a header of the file' });
    else if (index !== null && used.has(index))
      fields.push({ field, message: `header also mapped to ${used.get(index)}` });
    if (index !== null) used.set(index, name);
  }
  if (fields.length > 0) throw badRequest('invalidInput', { fields });
  const complete: ImportMapping = Object.fromEntries(
    columns.map((column) => [column.name, mapping[column.name] ?? null]),
  );
  const missing = missingRequiredColumn(columns, complete);
  if (missing !== undefined) throw unprocessable('importMappingMissingColumn', { column: missing });
  return complete;
}

/** The header text of each mapped column (what is remembered for the user). */
export function mappingByHeader(mapping: ImportMapping, headers: readonly string[]): Record<string, string> {
  const remembered: Record<string, string> = {};
  for (const [name, index] of Object.entries(mapping)) {
    const header = index === null ? undefined : headers[index];
    if (header !== undefined && header !== '') remembered[name] = header;
  }
  return remembered;
}

/**
 * The mapped columns as [name, cell index] pairs, in the importer's column order (worked out once
 * per pass over a session's rows, not per row).
 */
export function mappedColumns(
  columns: readonly ImportColumn[],
  mapping: ImportMapping,
): (readonly [name: string, index: number])[] {
  return columns.flatMap((column) => {
    const index = mapping[column.name];
    return index === null || index === undefined ? [] : [[column.name, index] as const];
  });
}

/**
 * The cell text of each mapped column of a stored row ('' when empty); an unmapped column is
 * absent (an importer reads `values[name] ?? ''`). Every row of a pass gets the same keys in the
 * same order, so the objects share one shape and stay small: a 100,000-row import holds them all
 * while it is checked (issue 17).
 */
export function rowValues(
  mapped: readonly (readonly [name: string, index: number])[],
  cells: readonly string[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, index] of mapped) values[name] = cells[index] ?? '';
  return values;
}
