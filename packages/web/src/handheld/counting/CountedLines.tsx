import { fromThousandths } from '@wms/contract';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { CountedLine } from './blind-count.js';

/**
 * What was counted so far at the location (blind: the counted quantities only). The app's
 * namespace has its nothingCounted text; testId names the table ({testId}s), its rows ({testId})
 * and the empty text ({testId}s-empty).
 */
export function CountedLines({
  lines,
  namespace,
  testId,
}: {
  lines: readonly CountedLine[];
  namespace: string;
  testId: string;
}) {
  const { t } = useTranslation(namespace);
  if (lines.length === 0) {
    return (
      <p className="text-body-secondary small mb-0" data-testid={`${testId}s-empty`}>
        {t('nothingCounted')}
      </p>
    );
  }
  return (
    <Table size="sm" className="mb-0" data-testid={`${testId}s`}>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.item}|${line.batch ?? ''}|${line.serial ?? ''}`} data-testid={testId}>
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
