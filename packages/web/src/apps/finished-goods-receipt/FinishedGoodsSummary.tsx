import { fromThousandths } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { HandheldSummary, type SummaryRow } from '../../handheld/HandheldSummary.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { isSerialItem, quantityOf, type FinishedGoodsState } from './fgr-state.js';

/** The rows of what is known so far (empty values left out). */
export function finishedGoodsSummaryRows(state: FinishedGoodsState, t: (key: string) => string): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ label: t(`summary.${key}`), value, testId: `summary-${key}` });
  };
  const { order } = state;
  if (!order) return rows;
  const units = order.item.units ?? '';
  const amount = (value: number) => `${formatQuantity(value)} ${units}`.trim();
  add(
    'order',
    order.productionOrder && order.productionOrder !== order.order
      ? `${order.order} · ${order.productionOrder}`
      : order.order,
  );
  add('item', `${order.item.code} · ${order.item.name}`);
  add(
    'reported',
    `${amount(order.reportedQuantity)} · ${t('summary.receivedShort')} ${formatQuantity(order.receivedQuantity)}`,
  );
  add('batch', state.batch);
  add('expiry', state.expirationDate);
  add('productionDate', state.manufacturingDate);
  if (isSerialItem(order)) add('serials', state.serials.join(', '));
  const quantity = quantityOf(state);
  if (quantity > 0) add('quantity', amount(fromThousandths(quantity)));
  add('target', state.target);
  if (order.blockedForQc) add('qc', t('summary.qcPending'));
  return rows;
}

/** The order, the item, what was reported and received, and the answers so far, as a compact list. */
export function FinishedGoodsSummary({ state }: { state: FinishedGoodsState }) {
  const { t } = useTranslation('finishedGoodsReceipt');
  return <HandheldSummary rows={finishedGoodsSummaryRows(state, t)} testId="finished-goods-summary" />;
}
