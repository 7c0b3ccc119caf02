import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.js';
import { FormModal } from './FormModal.js';
import type { RecordFormProps } from './form-section.js';
import { masterDataQueries } from './master-data-api.js';
import { useRecordForm } from './useRecordForm.js';
import { warehouseFormFields, warehouseSaveAttempt, warehouseValues } from './warehouse-form-values.js';

/** Creates or edits a warehouse: code (on create), visual code, name, active. */
export function WarehouseForm({ code, onClose }: RecordFormProps) {
  const { t } = useTranslation('masterData');
  const form = useRecordForm({
    code,
    detail: masterDataQueries.warehouse,
    toValues: warehouseValues,
    fields: warehouseFormFields,
    onSaved: onClose,
  });
  const { values, setValue, errors, base } = form;
  const creating = code === null;
  return (
    <FormModal
      title={creating ? t('form.newWarehouse') : t('form.editWarehouse', { code })}
      testId="master-data-warehouse-form"
      loading={values === null}
      loadError={form.loadError}
      alert={form.alert}
      saving={form.saving}
      deactivating={Boolean(base?.active && values && !values.active)}
      onSave={() => values && void form.submit(warehouseSaveAttempt(values, base))}
      onClose={onClose}
    >
      {values ? (
        <>
          <FormField
            name="code"
            label={t('field.code')}
            value={values.code}
            onChange={(value) => setValue('code', value)}
            error={errors.code}
            disabled={!creating}
            required
            autoFocus={creating}
          />
          <FormField
            name="visualCode"
            label={t('field.visualCode')}
            value={values.visualCode}
            onChange={(value) => setValue('visualCode', value)}
            error={errors.visualCode}
          />
          <FormField
            name="name"
            label={t('field.name')}
            value={values.name}
            onChange={(value) => setValue('name', value)}
            error={errors.name}
            required
          />
          <FormField
            kind="check"
            name="active"
            label={t('field.active')}
            value={values.active}
            onChange={(value) => setValue('active', value)}
            error={errors.active}
          />
        </>
      ) : null}
    </FormModal>
  );
}
