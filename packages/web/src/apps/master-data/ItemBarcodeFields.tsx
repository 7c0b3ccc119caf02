import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormSectionProps } from './form-section.js';
import { FormField } from './FormField.js';
import type { ItemValues } from './item-form-values.js';

const slots = [
  ['barcode', 'barcodeInvQty', 1],
  ['barcode2', 'barcode2InvQty', 2],
  ['barcode3', 'barcode3InvQty', 3],
] as const;

/** The item's three barcodes, each with how many units one scan of it counts. */
export function ItemBarcodeFields({ values, setValue, errors }: FormSectionProps<ItemValues>) {
  const { t } = useTranslation('masterData');
  return (
    <>
      <h3 className="col-12 h6 mt-2">{t('section.barcodes')}</h3>
      {slots.map(([barcode, quantity, slot]) => (
        <Fragment key={barcode}>
          <FormField
            name={barcode}
            label={t('field.barcode', { slot })}
            value={values[barcode]}
            onChange={(value) => setValue(barcode, value)}
            error={errors[barcode]}
            md={8}
          />
          <FormField
            kind="number"
            name={quantity}
            label={t('field.barcodeQuantity')}
            value={values[quantity]}
            onChange={(value) => setValue(quantity, value)}
            error={errors[quantity]}
            md={4}
          />
        </Fragment>
      ))}
    </>
  );
}
