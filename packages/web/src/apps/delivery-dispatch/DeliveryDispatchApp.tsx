import { useQueryClient } from '@tanstack/react-query';
import type { Load } from '@wms/contract';
import { useRef, useState } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { deliveryDispatchApi, deliveryDispatchKey } from './delivery-dispatch-api.js';
import { IncompleteLoadAlert } from './IncompleteLoadAlert.js';
import { DispatchDeliveryRow, NotDispatchedList } from './NotDispatchedList.js';
import { useDeliveryDispatchLive } from './useDeliveryDispatchLive.js';

const failureKey = (error: unknown) => (error instanceof StepFailure ? error.key : null);

/**
 * /delivery_dispatch (PROCESSES.md 3.8; decision 0187): loading at the dock. Scan the dock or
 * truck (a load opens), then each container as it goes on: "2 of 3 loaded for DL-..."; a
 * delivery's last container dispatches it. A container of another route warns and loads when
 * scanned again. A wrong scan is a danger notice; nothing changes and the prompt stays. Close
 * load lists the containers missing and asks for a confirmation.
 */
export function DeliveryDispatchApp() {
  const { t } = useTranslation('deliveryDispatch');
  const queryClient = useQueryClient();
  useDeliveryDispatchLive();
  const keeper = useRef(new IdempotencyKeeper()).current;
  const [load, setLoad] = useState<Load | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const [missing, setMissing] = useState<readonly string[] | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: deliveryDispatchKey });

  const openLoad = async (dock: string) => {
    const opened = await deliveryDispatchApi.openLoad(dock, keeper);
    setLoad(opened);
    notify('info', 'deliveryDispatch:loadOpened', { dock: opened.dock });
  };
  const loadContainer = async (current: Load, container: string) => {
    const confirm = warned !== null && warned.toLowerCase() === container.toLowerCase();
    try {
      const answer = await deliveryDispatchApi.loadContainer(current.id, container, confirm, keeper);
      setLoad(answer.load);
      setWarned(null);
      setMissing(null);
      const { code: delivery, loaded, total } = answer.delivery;
      const text = answer.dispatched ? t('dispatched', { delivery }) : t('loaded', { loaded, total, delivery });
      setProgress(text);
      if (answer.dispatched) notify('success', 'deliveryDispatch:dispatched', { delivery }, { sound: true });
      await refresh();
    } catch (error) {
      if (failureKey(error) === 'errors:containerOfOtherRoute' && error instanceof StepFailure) {
        setWarned(container);
        notify('warning', 'errors:containerOfOtherRoute', error.args, { sound: true });
        return;
      }
      setWarned(null);
      throw error;
    }
  };
  const handleScan = (text: string) =>
    run(async () => {
      const scan = text.trim();
      if (scan === '') return;
      try {
        if (load === null) await openLoad(scan);
        else await loadContainer(load, scan);
      } catch (error) {
        showFailure(error);
      }
    });
  const handleClose = (confirmIncomplete: boolean) =>
    run(async () => {
      if (load === null) return;
      try {
        const closed = await deliveryDispatchApi.closeLoad(load.id, confirmIncomplete);
        notify('success', 'deliveryDispatch:closed', { dock: closed.dock });
        leave();
        await refresh();
      } catch (error) {
        const args = error instanceof StepFailure ? error.args : {};
        if (failureKey(error) === 'errors:loadIncomplete' && Array.isArray(args.missing)) {
          setMissing(args.missing.map(String));
          return;
        }
        showFailure(error);
      }
    });
  const leave = () => {
    setLoad(null);
    setWarned(null);
    setMissing(null);
    setProgress(null);
  };

  const prompt =
    load === null
      ? t('prompt.dock')
      : warned !== null
        ? t('prompt.confirmRoute', { container: warned })
        : t('prompt.container', { dock: load.dock });
  return (
    <HandheldScreen
      testId="delivery-dispatch"
      prompt={prompt}
      busy={busy}
      onScan={(text) => void handleScan(text)}
      canGoBack={load !== null}
      onBack={leave}
      onCancel={leave}
      summary={
        load === null ? null : (
          <div className="d-flex flex-column gap-1" data-testid="dispatch-load">
            <span className="small">
              {t('load.summary', {
                dock: load.dock,
                route: load.route ?? t('load.anyRoute'),
                count: load.containers.length,
              })}
            </span>
            {progress ? (
              <strong data-testid="dispatch-progress" aria-live="polite">
                {progress}
              </strong>
            ) : null}
          </div>
        )
      }
      actions={
        load === null ? null : (
          <ActionButton label={t('actions.close')} testId="dispatch-close" onClick={() => void handleClose(false)} />
        )
      }
    >
      {missing ? (
        <IncompleteLoadAlert
          missing={missing}
          onConfirm={() => void handleClose(true)}
          onKeepLoading={() => setMissing(null)}
        />
      ) : null}
      {load !== null && load.deliveries.length > 0 ? (
        <ListGroup data-testid="dispatch-load-deliveries">
          {load.deliveries.map((delivery) => (
            <DispatchDeliveryRow key={delivery.code} delivery={delivery} />
          ))}
        </ListGroup>
      ) : null}
      <NotDispatchedList />
    </HandheldScreen>
  );
}
