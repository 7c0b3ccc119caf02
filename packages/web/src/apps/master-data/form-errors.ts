import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../platform/http.js';
import type { FieldError, FieldErrors } from './form-values.js';

/**
 * Where a refusal of the server belongs when its args name no field (the master data rules name
 * it as args.field; a taken code found by the database's unique index does not).
 */
const fieldOfKey: Partial<Record<string, string>> = {
  codeAlreadyExists: 'code',
  minStockGreaterThanMaxStock: 'maximalStockLevel',
  masterDataHoldsStock: 'active',
  warehouseInactive: 'warehouseCode',
  unknownWarehouse: 'warehouseCode',
};

/** A refusal placed: at one of the form's fields, or (field null) above the form. */
export interface PlacedError {
  field: string | null;
  error: FieldError;
}

const bodyField = (path: unknown): string | null =>
  typeof path === 'string' && path.startsWith('body.') ? (path.slice(5).split('.')[0] ?? null) : null;

/**
 * The refusal of a write, placed at the field it names when the form has that field: a 400's
 * invalid fields, else args.field, else the field its key is about.
 */
export function placeApiError(error: unknown, fields: readonly string[]): PlacedError[] {
  if (!(error instanceof ApiError)) return [{ field: null, error: { key: 'common:unknownError' } }];
  const own = (field: unknown): string | null => (typeof field === 'string' && fields.includes(field) ? field : null);
  const invalid = Array.isArray(error.args.fields) ? (error.args.fields as { field?: unknown }[]) : [];
  if (error.key === 'invalidInput' && invalid.length) {
    const placed = invalid.flatMap((entry) => {
      const field = own(bodyField(entry.field));
      return field ? [{ field, error: { key: 'masterData:check.invalid' } }] : [];
    });
    if (placed.length === invalid.length) return placed;
    return [...placed, { field: null, error: { key: 'errors:invalidInput' } }];
  }
  const field = own(error.args.field) ?? own(fieldOfKey[error.key]);
  return [{ field, error: { key: `errors:${error.key}`, args: error.args } }];
}

/**
 * The contract's schema judged in the browser, before the server does: each issue at its field
 * (the first path segment) as required, too long or invalid.
 */
export function schemaErrors(schema: z.ZodType, body: unknown, errors: FieldErrors = {}): FieldErrors {
  const parsed = schema.safeParse(body);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'form';
    if (errors[field]) continue;
    if (issue.code === 'too_small' && issue.origin === 'string') errors[field] = { key: 'masterData:check.required' };
    else if (issue.code === 'too_big' && issue.origin === 'string')
      errors[field] = { key: 'masterData:check.tooLong', args: { max: Number(issue.maximum) } };
    else errors[field] = { key: 'masterData:check.invalid' };
  }
  return errors;
}

/** The text of a field's message (array arguments joined, as the error catalogue shows them). */
export function useFieldErrorText(): (error: FieldError) => string {
  const { t } = useTranslation(['masterData', 'errors', 'common']);
  return useCallback(
    (error: FieldError) => {
      const args = Object.fromEntries(
        Object.entries(error.args ?? {}).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : value,
        ]),
      );
      return t(error.key, args);
    },
    [t],
  );
}
