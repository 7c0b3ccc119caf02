import type { PickList, PickListLine } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import type { PickDraft } from './pick-state.js';

/** The current line (compact): where, what, which batch or serial, how many are open; then what was collected. */
export function PickLineCard({ line, draft }: { line: PickListLine | null; draft: PickDraft }) {
  const { t } = useTranslation('stockPicking');
  if (!line) return null;
  const allocation = line.allocations[0] ?? null;
  const rows: [string, string | null][] = [
    ['location', draft.location ?? allocation?.location ?? null],
    ['item', `${line.item} · ${line.itemName}`],
    ['batch', draft.batch ?? allocation?.batch ?? null],
    ['serial', draft.serials.length > 0 ? draft.serials.join(', ') : (allocation?.serial ?? null)],
    ['expiry', allocation?.expirationDate ?? null],
    ['open', `${formatQuantity(line.openQuantity)} / ${formatQuantity(line.quantity)}`],
    ['container', draft.container],
  ];
  return (
    <dl className="handheld-summary border rounded p-2" data-testid="pick-line">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([key, value]) => (
          <div key={key} className="d-contents">
            <dt>{t(`line.${key}`)}</dt>
            <dd data-testid={`pick-line-${key}`}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The list's progress under the questions: lines picked of all, and each line's state. */
export function PickListProgress({ pickList, current }: { pickList: PickList; current: number | null }) {
  const { t } = useTranslation('stockPicking');
  const lines = [...pickList.lines].sort((a, b) => a.walkOrder - b.walkOrder || a.lineNumber - b.lineNumber);
  return (
    <section>
      <h2 className="h6 mb-1" data-testid="pick-header">
        {t('header', {
          code: pickList.code,
          customer: pickList.customer?.name ?? pickList.customer?.code ?? '',
          picked: pickList.linesPicked,
          total: pickList.linesTotal,
        })}
      </h2>
      <ul className="list-unstyled small mb-0" data-testid="pick-lines">
        {lines.map((line) => (
          <li
            key={line.lineNumber}
            className={
              line.lineNumber === current ? 'fw-semibold' : line.openQuantity === 0 ? 'text-body-secondary' : ''
            }
            data-testid="pick-list-line"
          >
            {t('lineRow', {
              location: line.allocations[0]?.location ?? line.picks.at(-1)?.location ?? '-',
              quantity: formatQuantity(line.quantity),
              item: line.item,
              picked: formatQuantity(line.pickedQuantity),
            })}
            {line.shortQuantity > 0 ? ` · ${t('shortRow', { quantity: formatQuantity(line.shortQuantity) })}` : ''}
            {line.skipped ? ` · ${t('skippedRow')}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
