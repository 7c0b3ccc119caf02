import { fromThousandths } from '@wms/contract';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { CountedLine } from './wall-to-wall-state.js';

/** What was counted so far at the location (blind: the counted quantities only). */
export function CountedLines({ lines }: { lines: readonly CountedLine[] }) {
  const { t } = useTranslation('wallToWall');
  if (lines.length === 0) {
    return (
      <p className="text-body-secondary small mb-0" data-testid="w2w-lines-empty">
        {t('nothingCounted')}
      </p>
    );
  }
  return (
    <Table size="sm" className="mb-0" data-testid="w2w-lines">
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.item}|${line.batch ?? ''}|${line.serial ?? ''}`} data-testid="w2w-line">
            <td>
              <span className="fw-bold">{line.item}</span>
              {line.batch ? <span className="ms-1 text-body-secondary">{line.batch}</span> : null}
              {line.serial ? <span className="ms-1 text-body-secondary">{line.serial}</span> : null}
            </td>
            <td className="text-end text-nowrap">
              {fromThousandths(line.quantity)} {line.units}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
