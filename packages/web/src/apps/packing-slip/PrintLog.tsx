import { useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { packingSlipQueries } from './packing-slip-api.js';

/** The delivery's packing slip log: who printed, reprinted or downloaded it, and when. */
export function PrintLog({ code }: { code: string }) {
  const { t } = useTranslation('packingSlip');
  const log = useQuery(packingSlipQueries.log(code));
  const entries = log.data ?? [];
  return (
    <section data-testid="packing-slip-log">
      <h2 className="h6">{t('log.title')}</h2>
      {log.isSuccess && entries.length === 0 ? <p className="text-body-secondary">{t('log.empty')}</p> : null}
      {entries.length > 0 ? (
        <Table size="sm" responsive className="mb-0">
          <thead>
            <tr>
              <th>{t('log.at')}</th>
              <th>{t('log.user')}</th>
              <th>{t('log.kind')}</th>
              <th className="d-none d-sm-table-cell">{t('log.printer')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{new Date(entry.at).toLocaleString()}</td>
                <td>{entry.username}</td>
                <td>{t(`log.kinds.${entry.kind}`)}</td>
                <td className="d-none d-sm-table-cell">{entry.printer ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
