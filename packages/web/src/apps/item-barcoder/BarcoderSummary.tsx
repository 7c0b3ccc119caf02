import { fromThousandths } from '@wms/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { HandheldSummary, type SummaryRow } from '../../handheld/HandheldSummary.js';
import type { ItemBarcoderState } from './barcoder-state.js';

/** The rows of what is known so far: the walk ("n of m"), the item, the new barcode and its quantity. */
export function barcoderSummaryRows(state: ItemBarcoderState, t: TFunction<'setup'>): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ label: t(`barcoder.summary.${key}`), value, testId: `barcoder-summary-${key}` });
  };
  const { walk, item } = state;
  if (walk) {
    const progress = t('barcoder.summary.progress', {
      index: Math.min(walk.index + 1, walk.items.length),
      count: walk.items.length,
    });
    add('walk', `${walk.location.code} · ${progress}`);
  }
  add('item', item ? `${item.code} · ${item.name}` : null);
  add('barcode', state.barcode);
  if (state.barcode) add('quantity', `${formatQuantity(fromThousandths(state.quantity))} ${item?.units ?? ''}`.trim());
  return rows;
}

export function BarcoderSummary({ state }: { state: ItemBarcoderState }) {
  const { t } = useTranslation('setup');
  return <HandheldSummary rows={barcoderSummaryRows(state, t)} testId="barcoder-summary" />;
}
