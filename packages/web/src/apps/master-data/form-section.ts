import type { FieldErrors } from './form-values.js';

/** What a part of a form gets: the values, their setter and the messages by field. */
export interface FormSectionProps<V> {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  errors: FieldErrors;
}

/** The options of an enum select: the values with their texts, '' (none) first when optional. */
export function enumOptions(
  values: readonly string[],
  label: (value: string) => string,
  none?: string,
): { value: string; label: string }[] {
  return [
    ...(none === undefined ? [] : [{ value: '', label: none }]),
    ...values.map((value) => ({ value, label: label(value) })),
  ];
}

/** What a record's form modal gets: the code (null for a new record) and how to close it. */
export interface RecordFormProps {
  code: string | null;
  onClose: () => void;
}
