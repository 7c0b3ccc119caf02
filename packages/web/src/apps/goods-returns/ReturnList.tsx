import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsReturnSummary } from '@wms/contract';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { failureNotice } from '../../handheld/engine/outcomes.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { notify } from '../../platform/notifications.js';
import { returnApi, returnQueries } from './returns-api.js';
import { returnPath } from './returns-paths.js';
import { useReturnsLive } from './useReturnsLive.js';
import '../../handheld/handheld-screen.css';

/** Shows a failure of a quiet call once: its key and args. */
export function showFailure(error: unknown): void {
  const notice = failureNotice(error);
  notify(notice.variant, notice.key, notice.args ?? {}, { sound: true });
}

const isUnknownDocument = (error: unknown) => error instanceof StepFailure && error.key === 'errors:unknownDocument';

/**
 * /goods_returns: the open returns (customer, lines, who has claimed them). A scan of a return
 * code claims and opens it; a scan of a delivered sales order creates its return (where the
 * warehouse allows it) and opens that; anything else is refused with a danger notice.
 */
export function ReturnList() {
  const { t } = useTranslation('goodsReturns');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useQuery(returnQueries.open());
  useReturnsLive();
  const [busy, setBusy] = useState(false);

  const claimAndOpen = async (code: string) => {
    const claimed = await returnApi.claim(code);
    queryClient.setQueryData(returnQueries.detail(claimed.code).queryKey, claimed);
    void navigate(returnPath(claimed.code));
  };
  const handleScan = async (scan: string) => {
    if (busy || scan === '') return;
    setBusy(true);
    try {
      try {
        await claimAndOpen(scan);
      } catch (error) {
        if (!isUnknownDocument(error)) throw error;
        const created = await returnApi.create(scan).catch((failure: unknown) => {
          throw isUnknownDocument(failure) ? error : failure;
        });
        notify('info', 'goodsReturns:created', { code: created.code, salesOrder: scan });
        await claimAndOpen(created.code);
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const returns = open.data ?? [];
  return (
    <Container
      fluid="md"
      className="handheld-screen py-2 py-sm-3 d-flex flex-column gap-3"
      data-testid="goods-returns-list"
    >
      <div className="d-flex align-items-start gap-2">
        <p className="handheld-prompt mb-0 flex-grow-1" data-testid="handheld-prompt" aria-live="polite">
          {t('prompt.document')}
        </p>
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} className="mt-2" />
        ) : null}
      </div>
      <ScannerInput onScan={(text) => void handleScan(text)} placeholder="handheld:screen.scanPlaceholder" />
      <section>
        <h2 className="h6">{t('list.title', { number: returns.length })}</h2>
        {open.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
        {!open.isPending && returns.length === 0 ? <p className="text-body-secondary">{t('list.empty')}</p> : null}
        <ListGroup className="handheld-list" data-testid="open-returns">
          {returns.map((summary: GoodsReturnSummary) => (
            <ListGroup.Item
              key={summary.code}
              action
              onClick={() => void handleScan(summary.code)}
              className="py-2"
              data-testid="open-return"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">{summary.code}</span>
                <span className="d-flex gap-1">
                  <Badge bg="secondary">{t(`status.${summary.status}`)}</Badge>
                  {summary.claimedBy ? <Badge bg="info">{summary.claimedBy}</Badge> : null}
                </span>
              </div>
              <div className="small text-truncate">{summary.partner?.name ?? summary.partner?.code ?? ''}</div>
              <div className="small text-body-secondary text-truncate">
                {summary.lines.map((line) => `${formatQuantity(line.quantity)} × ${line.item}`).join(', ')}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </section>
    </Container>
  );
}
