import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.js';
import { FormModal } from './FormModal.js';
import type { FieldError, FieldErrors } from './form-values.js';
import type { SaveAttempt } from './useRecordForm.js';

/** What the modal reads of useRecordForm. */
interface RecordFormState<R, V> {
  base: R | null;
  values: V | null;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  errors: FieldErrors;
  alert: FieldError | null;
  saving: boolean;
  loadError: unknown;
  submit: (attempt: SaveAttempt<R>) => Promise<void>;
}

interface RecordFormModalProps<R, V> {
  form: RecordFormState<R, V>;
  /** The record's code; null for a new one. */
  code: string | null;
  /** Title keys (masterData namespace) of a new record and of an edit ({code}). */
  titles: { create: string; edit: string };
  testId: string;
  saveAttempt: (values: V, base: R | null) => SaveAttempt<R>;
  onClose: () => void;
  /** The fields after the code. */
  children: (values: V) => ReactNode;
}

/**
 * The frame every master data form shares: the modal with its title, the code (typed on create,
 * fixed after), the save of what changed and the question before a record is made inactive.
 */
export function RecordFormModal<R extends { active: boolean }, V extends { code: string; active: boolean }>({
  form,
  code,
  titles,
  testId,
  saveAttempt,
  onClose,
  children,
}: RecordFormModalProps<R, V>) {
  const { t } = useTranslation('masterData');
  const { values, setValue, errors, base } = form;
  const creating = code === null;
  return (
    <FormModal
      title={creating ? t(titles.create) : t(titles.edit, { code })}
      testId={testId}
      loading={values === null}
      loadError={form.loadError}
      alert={form.alert}
      saving={form.saving}
      deactivating={Boolean(base?.active && values && !values.active)}
      onSave={() => values && void form.submit(saveAttempt(values, base))}
      onClose={onClose}
    >
      {values ? (
        <>
          <FormField
            name="code"
            label={t('field.code')}
            value={values.code}
            onChange={(value) => setValue('code', value as V['code'])}
            error={errors.code}
            disabled={!creating}
            required
            autoFocus={creating}
          />
          {children(values)}
        </>
      ) : null}
    </FormModal>
  );
}
