import { useQuery } from '@tanstack/react-query';
import type { Serial } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { CustomGrids } from '../custom-grid/CustomGrids.js';
import { ObjectLink } from '../object-link/ObjectLink.js';
import type { TrackedDialogProps } from './BatchDialog.js';
import { FieldList } from './FieldList.js';
import { formatDate } from './format.js';
import { lookupQueries } from './lookup-queries.js';
import { PrintItemLabelAction } from './PrintItemLabelAction.js';
import { TrackedObjectDialog } from './TrackedObjectDialog.js';

function SerialInformation({ serial }: { serial: Serial }) {
  const { t } = useTranslation('objects');
  return (
    <>
      <FieldList
        testId="serial-fields"
        fields={[
          { name: 'code', label: t('field.code'), value: serial.code },
          { name: 'visualCode', label: t('field.visualCode'), value: serial.visualCode },
          {
            name: 'item',
            label: t('field.item'),
            value: (
              <ObjectLink type="item" code={serial.itemCode}>
                {serial.itemCode} {serial.itemName}
              </ObjectLink>
            ),
          },
          { name: 'lotCode', label: t('field.lotCode'), value: serial.lotCode },
          { name: 'mnfLotCode', label: t('field.mnfLotCode'), value: serial.mnfLotCode },
          { name: 'mnfSerialCode', label: t('field.mnfSerialCode'), value: serial.mnfSerialCode },
          { name: 'internalSerialCode', label: t('field.internalSerialCode'), value: serial.internalSerialCode },
          { name: 'admissionDate', label: t('field.admissionDate'), value: formatDate(serial.admissionDate) },
          {
            name: 'manufacturingDate',
            label: t('field.manufacturingDate'),
            value: formatDate(serial.manufacturingDate),
          },
          { name: 'expirationDate', label: t('field.expirationDate'), value: formatDate(serial.expirationDate) },
          {
            name: 'qualityControlApprovedOrNotRequired',
            label: t('field.qualityControlApprovedOrNotRequired'),
            value: t(serial.qualityControlApprovedOrNotRequired ? 'common:yes' : 'common:no'),
          },
        ]}
      />
      <div className="mt-3">
        <CustomGrids objectType="serials" code={serial.code} />
      </div>
    </>
  );
}

/** Serial details: Information and Actions (print an item label for the serial). */
export function SerialDialog({ code, itemCode, layer, onClose }: TrackedDialogProps) {
  const query = useQuery(lookupQueries.serials(code, itemCode));
  return (
    <TrackedObjectDialog
      kind="serial"
      code={code}
      layer={layer}
      onClose={onClose}
      query={query}
      information={(serial) => <SerialInformation serial={serial} />}
      actions={(serial) => <PrintItemLabelAction item={serial.itemCode} batch={null} serial={serial.code} />}
    />
  );
}
