import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { packAndDeliveryQueries } from './pack-and-delivery-api.js';

interface Row {
  code: string;
  customer: { code: string; name: string } | null;
  shipDate: string | null;
  containers: number;
  partlyPicked?: boolean;
}

/**
 * The lists waiting: for packing (pack/open) or for delivery (delivery/packed). A tap feeds the
 * list's code to the workflow as a scan would.
 */
export function OpenListsPanel({ packed, onChoose }: { packed: boolean; onChoose: (code: string) => void }) {
  const { t } = useTranslation('packAndDelivery');
  const open = useQuery({ ...packAndDeliveryQueries.open(), enabled: !packed });
  const waiting = useQuery({ ...packAndDeliveryQueries.packed(), enabled: packed });
  const query = packed ? waiting : open;
  const rows: Row[] = (packed ? waiting.data?.rows : open.data?.rows) ?? [];
  return (
    <section>
      <h2 className="h6">{t(packed ? 'list.packedTitle' : 'list.openTitle', { number: rows.length })}</h2>
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
      {!query.isPending && rows.length === 0 ? <p className="text-body-secondary">{t('list.empty')}</p> : null}
      <ListGroup className="handheld-list" data-testid={packed ? 'packed-lists' : 'pack-lists'}>
        {rows.map((row) => (
          <ListGroup.Item
            key={row.code}
            action
            onMouseDown={keepScannerFocus}
            onClick={() => onChoose(row.code)}
            className="py-2"
            data-testid="pack-list-row"
          >
            <div className="d-flex justify-content-between gap-2">
              <span className="fw-semibold">{row.code}</span>
              {row.partlyPicked ? <Badge bg="warning">{t('list.partlyPicked')}</Badge> : null}
            </div>
            <div className="small text-truncate">{row.customer?.name ?? row.customer?.code ?? ''}</div>
            <div className="small text-body-secondary">
              {t('list.row', { shipDate: row.shipDate ?? '-', count: row.containers })}
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
