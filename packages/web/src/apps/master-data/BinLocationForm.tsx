import { useQuery } from '@tanstack/react-query';
import { locationTypes, masterDataLimits, pickingStrategies, workTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { AttributesEditor } from './AttributesEditor.js';
import { enumOptions, type RecordFormProps } from './form-section.js';
import { FormField } from './FormField.js';
import { RecordFormModal } from './RecordFormModal.js';
import {
  locationFormFields,
  locationSaveAttempt,
  locationValues,
  type LocationValues,
} from './location-form-values.js';
import { masterDataQueries } from './master-data-api.js';
import { useRecordForm } from './useRecordForm.js';

type TextName = 'visualCode' | 'barcode' | 'sortingCode' | 'countingSortingCode' | 'preferredOrderCode';
type NumberName = 'minimalStockLevel' | 'maximalStockLevel';

/**
 * Creates or edits a bin location: every field of the contract's request and its user
 * attributes. The code and the warehouse (an active one) are set on create only.
 */
export function BinLocationForm({ code, onClose }: RecordFormProps) {
  const { t } = useTranslation(['masterData', 'objects']);
  const creating = code === null;
  const warehouses = useQuery({
    ...masterDataQueries.warehouses({ active: 'true', limit: masterDataLimits.pageMax }),
    enabled: creating,
  });
  const form = useRecordForm({
    code,
    detail: masterDataQueries.binLocation,
    toValues: locationValues,
    fields: locationFormFields,
    onSaved: onClose,
  });
  const { values, setValue, errors, base } = form;

  const warehouseOptions = creating
    ? [
        { value: '', label: t('form.chooseWarehouse') },
        ...(warehouses.data?.rows ?? []).map((row) => ({ value: row.code, label: `${row.visualCode} ${row.name}` })),
      ]
    : [{ value: values?.warehouseCode ?? '', label: `${base?.warehouseCode ?? ''} ${base?.warehouseName ?? ''}` }];
  const textField = (name: TextName) => (
    <FormField
      name={name}
      label={t(`field.${name}`)}
      value={values?.[name] ?? ''}
      onChange={(value) => setValue(name, value)}
      error={errors[name]}
    />
  );
  const numberField = (name: NumberName) => (
    <FormField
      kind="number"
      name={name}
      label={t(`field.${name}`)}
      value={values?.[name] ?? ''}
      onChange={(value) => setValue(name, value)}
      error={errors[name]}
    />
  );

  return (
    <RecordFormModal
      form={form}
      code={code}
      titles={{ create: 'form.newBinLocation', edit: 'form.editBinLocation' }}
      testId="master-data-location-form"
      saveAttempt={locationSaveAttempt}
      onClose={onClose}
    >
      {(values) => (
        <>
          <FormField
            kind="select"
            name="warehouseCode"
            label={t('field.warehouse')}
            value={values.warehouseCode}
            onChange={(value) => setValue('warehouseCode', value)}
            options={warehouseOptions}
            error={errors.warehouseCode}
            disabled={!creating}
          />
          {textField('visualCode')}
          {textField('barcode')}
          {numberField('minimalStockLevel')}
          {numberField('maximalStockLevel')}
          <FormField
            kind="select"
            name="locationType"
            label={t('field.locationType')}
            value={values.locationType}
            onChange={(value) => setValue('locationType', value as LocationValues['locationType'])}
            options={enumOptions(workTypes, (value) => t(`objects:locationType.${value}`))}
            error={errors.locationType}
          />
          <FormField
            kind="select"
            name="physicalLocationType"
            label={t('field.physicalLocationType')}
            value={values.physicalLocationType}
            onChange={(value) => setValue('physicalLocationType', value as LocationValues['physicalLocationType'])}
            options={enumOptions(locationTypes, (value) => t(`objects:physicalLocationType.${value}`))}
            error={errors.physicalLocationType}
          />
          <FormField
            kind="select"
            name="pickingStrategy"
            label={t('field.pickingStrategy')}
            value={values.pickingStrategy}
            onChange={(value) => setValue('pickingStrategy', value)}
            options={enumOptions(pickingStrategies, (value) => t(`pickingStrategy.${value}`), t('none'))}
            error={errors.pickingStrategy}
          />
          {textField('preferredOrderCode')}
          {textField('sortingCode')}
          {textField('countingSortingCode')}
          <FormField
            kind="check"
            name="active"
            label={t('field.active')}
            value={values.active}
            onChange={(value) => setValue('active', value)}
            error={errors.active}
          />
          <FormField
            kind="check"
            name="stockMovementRestricted"
            label={t('field.stockMovementRestricted')}
            value={values.stockMovementRestricted}
            onChange={(value) => setValue('stockMovementRestricted', value)}
            error={errors.stockMovementRestricted}
          />
          <AttributesEditor
            attributes={values.attributes}
            onChange={(attributes) => setValue('attributes', attributes)}
            error={errors.attributes}
          />
        </>
      )}
    </RecordFormModal>
  );
}
