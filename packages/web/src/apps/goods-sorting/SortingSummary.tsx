import { fromThousandths } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { HandheldSummary, type SummaryRow } from '../../handheld/HandheldSummary.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { proposalOf, type GoodsSortingState } from './sorting-state.js';

/** The rows of what is known so far (empty values left out). */
export function sortingSummaryRows(state: GoodsSortingState, t: (key: string) => string): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ label: t(`summary.${key}`), value, testId: `summary-${key}` });
  };
  const { identification } = state;
  const proposal = proposalOf(state);
  add('from', state.source?.code);
  if (state.mode === 'location') add('to', state.destination?.code);
  add('item', identification ? `${identification.item.code} · ${identification.item.name}` : null);
  add('batch', identification?.batch);
  add('serial', identification?.serial);
  if (identification && state.quantity)
    add('quantity', `${formatQuantity(fromThousandths(state.quantity))} ${identification.item.units ?? ''}`.trim());
  if (state.suggestion)
    add('proposed', proposal ? `${proposal.location} · ${t(`reason.${proposal.reason}`)}` : t('noProposal'));
  if (state.mode === 'item') add('to', state.destination?.code);
  return rows;
}

/** The staging location, the item and the proposed destination with its reason, as a compact list. */
export function SortingSummary({ state }: { state: GoodsSortingState }) {
  const { t } = useTranslation('goodsSorting');
  return <HandheldSummary rows={sortingSummaryRows(state, t)} testId="sorting-summary" />;
}
