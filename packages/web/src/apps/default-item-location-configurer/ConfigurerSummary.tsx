import { fromThousandths } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { HandheldSummary, type SummaryRow } from '../../handheld/HandheldSummary.js';
import { replacedBin, type ConfigurerState } from './configurer-state.js';

/** Steps after which the answers about enforced and the levels are known. */
const answered: Record<string, number> = { enforced: 1, minStock: 2, maxStock: 3, save: 4 };

/** The location, the item, the bin it replaces and the answers so far. */
export function configurerSummaryRows(
  state: ConfigurerState,
  stepId: string,
  t: (key: string) => string,
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ label: t(`defaults.summary.${key}`), value, testId: `configurer-summary-${key}` });
  };
  const level = (value: number | null) =>
    value === null ? t('defaults.none') : formatQuantity(fromThousandths(value));
  add('location', state.location ? `${state.location.code} · ${state.location.warehouseCode}` : null);
  add('item', state.item ? `${state.item.code} · ${state.item.name}` : null);
  add('old', replacedBin(state)?.code);
  const reached = answered[stepId] ?? 0;
  if (reached > 1) add('enforced', t(state.enforced ? 'defaults.yes' : 'defaults.no'));
  if (reached > 2) add('minStock', level(state.minStock));
  if (reached > 3) add('maxStock', level(state.maxStock));
  return rows;
}

export function ConfigurerSummary({ state, stepId }: { state: ConfigurerState; stepId: string }) {
  const { t } = useTranslation('setup');
  return <HandheldSummary rows={configurerSummaryRows(state, stepId, t)} testId="configurer-summary" />;
}
