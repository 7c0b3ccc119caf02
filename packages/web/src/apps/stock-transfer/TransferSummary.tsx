import { fromThousandths } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { HandheldSummary, type SummaryRow } from '../../handheld/HandheldSummary.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import type { LineDraft } from './transfer-state.js';

/** The rows of what is collected so far (empty values left out). */
export function summaryRows(
  draft: Partial<LineDraft> & { to?: { code: string } | null },
  t: (key: string) => string,
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ label: t(`summary.${key}`), value, testId: `summary-${key}` });
  };
  const identification = draft.identification ?? null;
  add('from', draft.from?.code);
  add('item', identification ? `${identification.item.code} · ${identification.item.name}` : null);
  add('batch', identification?.batch);
  add('lot', identification?.lot);
  add('serial', identification?.serial);
  if (identification && draft.quantity)
    add('quantity', `${formatQuantity(fromThousandths(draft.quantity))} ${identification.item.units ?? ''}`.trim());
  add('to', draft.to?.code);
  return rows;
}

/** The collected values as a compact list (from, item, batch, quantity, to). */
export function TransferSummary({ draft }: { draft: Parameters<typeof summaryRows>[0] }) {
  const { t } = useTranslation('stockTransfer');
  return <HandheldSummary rows={summaryRows(draft, t)} testId="transfer-summary" />;
}
