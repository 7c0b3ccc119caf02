import Badge from 'react-bootstrap/Badge';
import type { BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { CustomGrids } from '../../custom-grid/CustomGrids.js';
import { ObjectLink } from '../../object-link/ObjectLink.js';
import { FieldList, type Field } from '../FieldList.js';
import { formatQuantity } from '../format.js';

/** Every field of the location, its user attributes and its custom grids. */
export function AttributesTab({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const yesNo = (value: boolean) => t(value ? 'common:yes' : 'common:no');
  const fields: Field[] = [
    { name: 'code', label: t('field.code'), value: location.code },
    { name: 'visualCode', label: t('field.visualCode'), value: location.visualCode },
    {
      name: 'warehouse',
      label: t('field.warehouse'),
      value: (
        <ObjectLink type="warehouse" code={location.warehouseCode}>
          {location.warehouseCode} {location.warehouseName}
        </ObjectLink>
      ),
    },
    { name: 'barcode', label: t('field.barcode'), value: location.barcode },
    {
      name: 'minimalStockLevel',
      label: t('field.minimalStockLevel'),
      value: formatQuantity(location.minimalStockLevel),
    },
    {
      name: 'maximalStockLevel',
      label: t('field.maximalStockLevel'),
      value: formatQuantity(location.maximalStockLevel),
    },
    { name: 'locationType', label: t('field.locationType'), value: t(`locationType.${location.locationType}`) },
    {
      name: 'physicalLocationType',
      label: t('field.physicalLocationType'),
      value: t(`physicalLocationType.${location.physicalLocationType}`),
    },
    { name: 'pickingStrategy', label: t('field.pickingStrategy'), value: location.pickingStrategy },
    { name: 'active', label: t('field.active'), value: yesNo(location.active) },
    {
      name: 'stockMovementRestricted',
      label: t('field.stockMovementRestricted'),
      value: location.stockMovementRestricted ? (
        <Badge bg="danger">
          <i className="bi bi-sign-stop me-1" aria-hidden="true" />
          {t('common:yes')}
        </Badge>
      ) : (
        t('common:no')
      ),
    },
    {
      name: 'blockStockMovements',
      label: t('field.blockStockMovements'),
      value: location.blockStockMovements
        ? `${t('common:yes')}${location.blockStockMovementsReason ? ` (${location.blockStockMovementsReason})` : ''}`
        : t('common:no'),
    },
    { name: 'sortingCode', label: t('field.sortingCode'), value: location.sortingCode },
    { name: 'countingSortingCode', label: t('field.countingSortingCode'), value: location.countingSortingCode },
    {
      name: 'preferredOrderCode',
      label: t('field.preferredOrderCode'),
      value: location.preferredOrderCode ? <ObjectLink type="order" code={location.preferredOrderCode} /> : null,
    },
    {
      name: 'requiresCounting',
      label: t('field.requiresCounting'),
      value: t(`countingState.${location.requiresCounting}`),
    },
    { name: 'readyForProcessing', label: t('field.readyForProcessing'), value: yesNo(location.readyForProcessing) },
  ];

  return (
    <>
      <FieldList fields={fields} testId="location-fields" />
      <h6 className="mt-3">{t('location.userAttributes')}</h6>
      {location.attributes.length ? (
        <FieldList
          testId="location-attributes"
          fields={location.attributes.map((attribute, index) => ({
            name: `attribute-${index}`,
            label: attribute.name,
            value: attribute.value,
          }))}
        />
      ) : (
        <p className="text-body-secondary">{t('location.noUserAttributes')}</p>
      )}
      <div className="mt-3">
        <CustomGrids objectType="binLocations" code={location.code} />
      </div>
    </>
  );
}
