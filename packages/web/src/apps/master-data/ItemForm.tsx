import { managedByTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { enumOptions, type RecordFormProps } from './form-section.js';
import { FormField } from './FormField.js';
import { RecordFormModal } from './RecordFormModal.js';
import { ItemBarcodeFields } from './ItemBarcodeFields.js';
import { ItemDetailFields } from './ItemDetailFields.js';
import { itemFormFields, itemSaveAttempt, itemValues, type ItemValues } from './item-form-values.js';
import { masterDataQueries } from './master-data-api.js';
import { useRecordForm } from './useRecordForm.js';

/**
 * Creates or edits an item: every field of the contract's request. The code and managedBy are
 * set on create only (an existing item's management type is converted in item info).
 */
export function ItemForm({ code, onClose }: RecordFormProps) {
  const { t } = useTranslation(['masterData', 'itemInfo']);
  const form = useRecordForm({
    code,
    detail: masterDataQueries.item,
    toValues: itemValues,
    fields: itemFormFields,
    onSaved: onClose,
  });
  const { values, setValue, errors } = form;
  const creating = code === null;

  const text = (name: 'visualCode' | 'name' | 'secondName' | 'units' | 'groupName', required = false) => (
    <FormField
      name={name}
      label={t(`field.${name}`)}
      value={values?.[name] ?? ''}
      onChange={(value) => setValue(name, value)}
      error={errors[name]}
      required={required}
    />
  );

  return (
    <RecordFormModal
      form={form}
      code={code}
      titles={{ create: 'form.newItem', edit: 'form.editItem' }}
      testId="master-data-item-form"
      saveAttempt={itemSaveAttempt}
      onClose={onClose}
    >
      {(values) => (
        <>
          <FormField
            kind="select"
            name="managedBy"
            label={t('field.managedBy')}
            value={values.managedBy}
            onChange={(value) => setValue('managedBy', value as ItemValues['managedBy'])}
            options={enumOptions(managedByTypes, (value) => t(`itemInfo:managedBy.${value}`))}
            error={errors.managedBy}
            disabled={!creating}
          />
          {text('name', true)}
          {text('visualCode')}
          {text('secondName')}
          {text('units')}
          {text('groupName')}
          <FormField
            kind="number"
            name="avgPrice"
            label={t('field.avgPrice')}
            value={values.avgPrice}
            onChange={(value) => setValue('avgPrice', value)}
            error={errors.avgPrice}
            md={3}
          />
          <FormField
            kind="number"
            name="weightInMg"
            label={t('field.weightKg')}
            value={values.weightInMg}
            onChange={(value) => setValue('weightInMg', value)}
            error={errors.weightInMg}
            md={3}
          />
          <ItemBarcodeFields values={values} setValue={setValue} errors={errors} />
          <ItemDetailFields values={values} setValue={setValue} errors={errors} />
        </>
      )}
    </RecordFormModal>
  );
}
