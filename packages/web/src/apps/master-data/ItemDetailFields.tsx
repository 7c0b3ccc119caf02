import { blockForQcTypes, productionIssueMethods, productionMaterialToleranceTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { enumOptions, type FormSectionProps } from './form-section.js';
import { FormField } from './FormField.js';
import type { ItemValues } from './item-form-values.js';

const flags = ['active', 'isStockItem', 'isSalesBomItem', 'isProductionItem', 'serialManagedByDispatch'] as const;
const receiptFlags = [
  'scanExpirationDate',
  'scanManufacturingDate',
  'scanManufacturingBatch',
  'scanManufacturingSerial',
] as const;

/** The item's flags, production, quality control and receipt scan settings. */
export function ItemDetailFields({ values, setValue, errors }: FormSectionProps<ItemValues>) {
  const { t } = useTranslation('masterData');
  const none = t('none');
  return (
    <>
      <h3 className="col-12 h6 mt-2">{t('section.flags')}</h3>
      {flags.map((name) => (
        <FormField
          key={name}
          kind="check"
          name={name}
          label={t(`field.${name}`)}
          value={values[name]}
          onChange={(value) => setValue(name, value)}
          error={errors[name]}
        />
      ))}
      <h3 className="col-12 h6 mt-3">{t('section.production')}</h3>
      <FormField
        kind="select"
        name="productionIssueMethod"
        label={t('field.productionIssueMethod')}
        value={values.productionIssueMethod}
        onChange={(value) => setValue('productionIssueMethod', value)}
        options={enumOptions(productionIssueMethods, (value) => t(`productionIssueMethod.${value}`), none)}
        error={errors.productionIssueMethod}
      />
      <FormField
        kind="select"
        name="blockForQcType"
        label={t('field.blockForQcType')}
        value={values.blockForQcType}
        onChange={(value) => setValue('blockForQcType', value)}
        options={enumOptions(blockForQcTypes, (value) => t(`blockForQcType.${value}`), none)}
        error={errors.blockForQcType}
      />
      <FormField
        kind="number"
        name="productionMaterialToleranceValue"
        label={t('field.productionMaterialToleranceValue')}
        value={values.productionMaterialToleranceValue}
        onChange={(value) => setValue('productionMaterialToleranceValue', value)}
        error={errors.productionMaterialToleranceValue}
      />
      <FormField
        kind="select"
        name="productionMaterialToleranceType"
        label={t('field.productionMaterialToleranceType')}
        value={values.productionMaterialToleranceType}
        onChange={(value) => setValue('productionMaterialToleranceType', value)}
        options={enumOptions(productionMaterialToleranceTypes, (value) => t(`toleranceType.${value}`), none)}
        error={errors.productionMaterialToleranceType}
      />
      <h3 className="col-12 h6 mt-2">{t('section.receipt')}</h3>
      {receiptFlags.map((name) => (
        <FormField
          key={name}
          kind="check"
          name={name}
          label={t(`field.${name}`)}
          value={values[name]}
          onChange={(value) => setValue(name, value)}
          error={errors[name] ?? (name === 'scanExpirationDate' ? errors.receiptScanPreferences : undefined)}
        />
      ))}
    </>
  );
}
