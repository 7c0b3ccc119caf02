import type { ItemDetail } from '@wms/contract';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FieldList, type Field } from './FieldList.js';
import { formatNumber } from './format-number.js';
import { ItemImage } from './ItemImage.js';
import { itemBarcodes } from './item-barcodes.js';
import { StockForecast } from './StockForecast.js';

/** Information: image, codes, names (and their translation in the user's language), barcodes with quantities, units, forecast. */
export function InformationTab({ item }: { item: ItemDetail }) {
  const { t, i18n } = useTranslation('itemInfo');
  const language = t(`common:languages.${item.translationLanguage}`);
  const translated: Field[] = !item.translatedName
    ? []
    : [
        { id: 'translatedName', label: t('field.translatedName', { language }), value: item.translatedName },
        {
          id: 'translatedSecondName',
          label: t('field.translatedSecondName', { language }),
          value: item.translatedSecondName ?? '',
        },
      ];
  const fields: Field[] = [
    { id: 'code', label: t('field.code'), value: item.code },
    { id: 'visualCode', label: t('field.visualCode'), value: item.visualCode },
    { id: 'name', label: t('field.name'), value: item.name },
    { id: 'secondName', label: t('field.secondName'), value: item.secondName ?? '' },
    ...translated,
    ...itemBarcodes(item).map((entry) => ({
      id: `barcode${entry.slot}`,
      label: t('field.barcode', { slot: entry.slot }),
      value: entry.barcode ? (
        <>
          <span className="font-monospace">{entry.barcode}</span>{' '}
          <span className="text-body-secondary text-nowrap">
            × {formatNumber(entry.quantity, i18n.language)} {item.units ?? ''}
          </span>
        </>
      ) : (
        ''
      ),
    })),
    { id: 'units', label: t('field.units'), value: item.units ?? '' },
  ];
  return (
    <>
      <Row className="g-3 mb-3">
        <Col xs={12} md={4}>
          <ItemImage item={item} />
        </Col>
        <Col xs={12} md={8}>
          <FieldList fields={fields} testId="item-information" />
        </Col>
      </Row>
      <h3 className="h6 mt-3">{t('forecast.title')}</h3>
      <StockForecast item={item} />
    </>
  );
}
