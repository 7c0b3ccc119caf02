import { useQuery } from '@tanstack/react-query';
import type { Batch } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { CustomGrids } from '../custom-grid/CustomGrids.js';
import { ObjectLink } from '../object-link/ObjectLink.js';
import { FieldList } from './FieldList.js';
import { formatDate } from './format.js';
import { lookupQueries } from './lookup-queries.js';
import { PrintItemLabelAction } from './PrintItemLabelAction.js';
import { TrackedObjectDialog } from './TrackedObjectDialog.js';

export interface TrackedDialogProps {
  code: string;
  itemCode?: string;
  layer: number;
  onClose: () => void;
}

function BatchInformation({ batch }: { batch: Batch }) {
  const { t } = useTranslation('objects');
  return (
    <>
      <FieldList
        testId="batch-fields"
        fields={[
          { name: 'code', label: t('field.code'), value: batch.code },
          { name: 'visualCode', label: t('field.visualCode'), value: batch.visualCode },
          {
            name: 'item',
            label: t('field.item'),
            value: (
              <ObjectLink type="item" code={batch.itemCode}>
                {batch.itemCode} {batch.itemName}
              </ObjectLink>
            ),
          },
          { name: 'mnfBatchCode', label: t('field.mnfBatchCode'), value: batch.mnfBatchCode },
          { name: 'admissionDate', label: t('field.admissionDate'), value: formatDate(batch.admissionDate) },
          {
            name: 'manufacturingDate',
            label: t('field.manufacturingDate'),
            value: formatDate(batch.manufacturingDate),
          },
          { name: 'expirationDate', label: t('field.expirationDate'), value: formatDate(batch.expirationDate) },
          {
            name: 'qualityControlApprovedOrNotRequired',
            label: t('field.qualityControlApprovedOrNotRequired'),
            value: t(batch.qualityControlApprovedOrNotRequired ? 'common:yes' : 'common:no'),
          },
        ]}
      />
      <div className="mt-3">
        <CustomGrids objectType="batches" code={batch.code} />
      </div>
    </>
  );
}

/** Batch details: Information and Actions (print an item label for the batch). */
export function BatchDialog({ code, itemCode, layer, onClose }: TrackedDialogProps) {
  const query = useQuery(lookupQueries.batches(code, itemCode));
  return (
    <TrackedObjectDialog
      kind="batch"
      code={code}
      layer={layer}
      onClose={onClose}
      query={query}
      information={(batch) => <BatchInformation batch={batch} />}
      actions={(batch) => <PrintItemLabelAction item={batch.itemCode} batch={batch.code} serial={null} />}
    />
  );
}
