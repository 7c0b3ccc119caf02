import { useQuery } from '@tanstack/react-query';
import type { PickList, PickListSummary } from '@wms/contract';
import { useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { ActionButton } from '../HandheldScreen.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { claimedLists, pickingApi, pickingQueries } from './picking-api.js';
import { currentList, processPath, stockPickingNames, type PickingAppNames } from './picking-paths.js';
import { showFailure } from '../show-failure.js';
import '../../handheld/handheld-screen.css';

/** Lists still to pick: highest priority first, then the earliest ship date (none last), then code. */
function pickableLists(rows: readonly PickListSummary[]): PickListSummary[] {
  return rows
    .filter((row) => row.status === 'RELEASED' || row.status === 'PARTLY_PICKED')
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        (a.shipDate ?? '9999').localeCompare(b.shipDate ?? '9999') ||
        a.code.localeCompare(b.code),
    );
}

/**
 * /stock_picking: the released lists by priority, then ship date. "Next" asks the server for my
 * list in progress, then mine not started, then the first unclaimed; a scan of a list's code, or a
 * tap on it, takes that one. Either way the list is claimed, then /stock_picking/process opens.
 * A list left open on this device (not finished) opens again at once. `names`: the app built on
 * this flow (default stock picking; pick and pack passes its own).
 */
export function PickListScreen({ names = stockPickingNames }: { names?: PickingAppNames } = {}) {
  const { t } = useTranslation('stockPicking');
  const navigate = useNavigate();
  const userId = useSession().me?.user.id ?? null;
  const open = useQuery(pickingQueries.open());
  const [busy, setBusy] = useState(false);
  // Set at once (the state shows only after a render): a second tap or scan never claims twice.
  const running = useRef(false);

  useEffect(() => {
    const resume = currentList(userId, names);
    if (resume) void navigate(processPath(resume, names), { replace: true });
  }, [userId, navigate, names]);

  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showFailure(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  /** A scanned list code; one made while a list opens is named as not used (never dropped silently). */
  const onScan = (code: string) => {
    if (running.current) notify('info', 'stockPicking:scanWhileOpening', { code });
    else void take(code);
  };
  const openClaimed = (claimed: PickList) => {
    claimedLists.handOver(claimed);
    void navigate(processPath(claimed.code, names));
  };
  const take = (code: string) =>
    run(async () => {
      openClaimed(await pickingApi.claim(code));
    });
  const next = () =>
    run(async () => {
      const { code } = await pickingApi.next();
      if (code === null) {
        notify('info', 'stockPicking:nothingToPick', {});
        return;
      }
      openClaimed(await pickingApi.claim(code));
    });

  const lists = pickableLists(open.data?.rows ?? []);
  return (
    <Container
      fluid="md"
      className="handheld-screen py-2 py-sm-3 d-flex flex-column gap-3"
      data-testid="stock-picking-list"
    >
      <div className="d-flex align-items-start gap-2">
        <p className="handheld-prompt mb-0 flex-grow-1" data-testid="handheld-prompt" aria-live="polite">
          {t('prompt.list')}
        </p>
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} className="mt-2" />
        ) : null}
      </div>
      <ScannerInput onScan={onScan} placeholder="handheld:screen.scanPlaceholder" />
      <div className="handheld-actions d-flex flex-wrap gap-2">
        <ActionButton label={t('actions.next')} testId="pick-next" onClick={() => void next()} />
      </div>
      <section>
        <h2 className="h6">{t('list.title', { number: lists.length })}</h2>
        {open.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
        {!open.isPending && lists.length === 0 ? <p className="text-body-secondary">{t('list.empty')}</p> : null}
        <ListGroup className="handheld-list" data-testid="pick-lists">
          {lists.map((list) => (
            <ListGroup.Item
              key={list.code}
              action
              onClick={() => void take(list.code)}
              className="py-2"
              data-testid="pick-list"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">{list.code}</span>
                <span className="d-flex gap-1">
                  <Badge bg="secondary">{t(`status.${list.status}`)}</Badge>
                  {list.claimedBy ? <Badge bg="info">{list.claimedBy}</Badge> : null}
                </span>
              </div>
              <div className="small text-truncate">{list.customer?.name ?? list.customer?.code ?? ''}</div>
              <div className="small text-body-secondary">
                {t('list.row', {
                  priority: list.priority,
                  shipDate: list.shipDate ?? '-',
                  picked: list.linesPicked,
                  total: list.linesTotal,
                })}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </section>
    </Container>
  );
}
