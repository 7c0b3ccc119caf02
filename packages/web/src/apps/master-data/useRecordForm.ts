import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { placeApiError } from './form-errors.js';
import type { FieldError, FieldErrors } from './form-values.js';
import { refreshMasterData } from './master-data-api.js';

/** A detail read of the contract's typed client (masterDataQueries.item, ...). */
type DetailQuery<R, K extends QueryKey> = UseQueryOptions<R, Error, R, K>;

/** What the form asks to save: the refusals found in the browser, or the write to send. */
export type SaveAttempt<R> = { errors: FieldErrors } | { send: () => Promise<R> };

export interface RecordFormOptions<R, V, K extends QueryKey> {
  /** The record's code; null for a new one. */
  code: string | null;
  detail: (code: string) => DetailQuery<R, K>;
  /** The form's values of a record (null: the defaults of a new one). */
  toValues: (record: R | null) => V;
  /** Every field the form shows: a refusal naming one is shown there, any other above the form. */
  fields: readonly string[];
  /** After a successful save; the app has refreshed its reads already. */
  onSaved: (record: R, created: boolean) => void;
}

/**
 * The state of a master data form: the record it edits (read once, then kept as the base of the
 * edit: its version and what changed are judged against it), the values, the refusals by field,
 * and the save. A stale version (412) shows the conflict, reads the record again and puts its
 * current values in the form, which stays open.
 */
export function useRecordForm<R, V, K extends QueryKey>({
  code,
  detail,
  toValues,
  fields,
  onSaved,
}: RecordFormOptions<R, V, K>) {
  const queryClient = useQueryClient();
  const read = useQuery({ ...detail(code ?? ''), enabled: code !== null });
  const [base, setBase] = useState<R | null>(null);
  const [values, setValues] = useState<V | null>(() => (code === null ? toValues(null) : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (code !== null && read.data !== undefined && values === null) {
      setBase(read.data);
      setValues(toValues(read.data));
    }
  }, [code, read.data, values, toValues]);

  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((old) => (old === null ? old : { ...old, [name]: value }));
    setErrors((old) => (old[name as string] ? { ...old, [name]: undefined } : old));
  };

  const reload = async () => {
    if (code === null) return;
    const fresh = await queryClient.fetchQuery({ ...detail(code), staleTime: 0 });
    setBase(fresh);
    setValues(toValues(fresh));
  };

  const submit = async (attempt: SaveAttempt<R>) => {
    if (saving) return;
    setAlert(null);
    if ('errors' in attempt) {
      setErrors(attempt.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await attempt.send();
      await refreshMasterData(queryClient);
      notify('success', 'common:saveSuccess');
      onSaved(saved, code === null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setAlert({ key: 'errors:optimisticLockConflict' });
        await reload().catch(() => undefined);
      } else {
        const placed = placeApiError(error, fields);
        setErrors(Object.fromEntries(placed.flatMap((entry) => (entry.field ? [[entry.field, entry.error]] : []))));
        setAlert(placed.find((entry) => entry.field === null)?.error ?? null);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    /** The record the form edits (its version is sent); null for a new one or while it loads. */
    base,
    values,
    setValue,
    errors,
    alert,
    saving,
    loadError: read.error,
    submit,
    /** Replaces the base, keeping the values (a partner's address saved on its own answers the partner). */
    rebase: (record: R) => setBase(record),
  };
}
