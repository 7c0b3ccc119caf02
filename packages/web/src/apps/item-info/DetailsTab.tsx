import type { Item } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { CustomGrids } from '../../components/custom-grid/CustomGrids.js';
import { FieldList, type Field } from './FieldList.js';
import { formatNumber, weightInKg } from './format-number.js';

/** Details: master data flags and production settings, and the item's custom grids. */
export function DetailsTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const yesNo = (value: boolean) => t(value ? 'common:yes' : 'common:no');
  const number = (value: number | null, decimals = 6) => formatNumber(value, i18n.language, decimals);
  const preferences = item.receiptScanPreferences;
  const tolerance =
    item.productionMaterialToleranceValue === null
      ? ''
      : `${number(item.productionMaterialToleranceValue)} ${item.productionMaterialToleranceType ?? ''}`.trim();
  const fields: Field[] = [
    { id: 'groupName', label: t('field.groupName'), value: item.groupName ?? '' },
    { id: 'managedBy', label: t('field.managedBy'), value: t(`managedBy.${item.managedBy}`) },
    {
      id: 'serialManagedByDispatch',
      label: t('field.serialManagedByDispatch'),
      value: yesNo(item.serialManagedByDispatch),
    },
    { id: 'avgPrice', label: t('field.avgPrice'), value: number(item.avgPrice) },
    { id: 'active', label: t('field.active'), value: yesNo(item.active) },
    { id: 'isStockItem', label: t('field.isStockItem'), value: yesNo(item.isStockItem) },
    { id: 'isSalesBomItem', label: t('field.isSalesBomItem'), value: yesNo(item.isSalesBomItem) },
    { id: 'isProductionItem', label: t('field.isProductionItem'), value: yesNo(item.isProductionItem) },
    {
      id: 'weight',
      label: t('field.weight'),
      value: item.weightInMg === null ? '' : `${number(weightInKg(item.weightInMg))} kg`,
    },
    { id: 'productionIssueMethod', label: t('field.productionIssueMethod'), value: item.productionIssueMethod ?? '' },
    { id: 'productionMaterialTolerance', label: t('field.productionMaterialTolerance'), value: tolerance },
    { id: 'blockForQcType', label: t('field.blockForQcType'), value: item.blockForQcType ?? '' },
    { id: 'hasBatch', label: t('field.hasBatch'), value: yesNo(item.hasBatch) },
    { id: 'serial', label: t('field.serial'), value: yesNo(item.serial) },
    { id: 'scanExpirationDate', label: t('field.scanExpirationDate'), value: yesNo(preferences.scanExpirationDate) },
    {
      id: 'scanManufacturingDate',
      label: t('field.scanManufacturingDate'),
      value: yesNo(preferences.scanManufacturingDate),
    },
    {
      id: 'scanManufacturingBatch',
      label: t('field.scanManufacturingBatch'),
      value: yesNo(preferences.scanManufacturingBatch),
    },
    {
      id: 'scanManufacturingSerial',
      label: t('field.scanManufacturingSerial'),
      value: yesNo(preferences.scanManufacturingSerial),
    },
  ];
  return (
    <>
      <FieldList fields={fields} testId="item-details" />
      <div className="mt-3">
        <CustomGrids objectType="items" code={item.code} />
      </div>
    </>
  );
}
