import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.js';
import { RecordFormModal } from './RecordFormModal.js';
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
  const { setValue, errors } = form;
  return (
    <RecordFormModal
      form={form}
      code={code}
      titles={{ create: 'form.newWarehouse', edit: 'form.editWarehouse' }}
      testId="master-data-warehouse-form"
      saveAttempt={warehouseSaveAttempt}
      onClose={onClose}
    >
      {(values) => (
        <>
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
      )}
    </RecordFormModal>
  );
}
