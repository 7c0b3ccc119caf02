import type { PutWallTarget, PutWallView } from '@wms/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { putWallApi } from './multi-address-delivery-api.js';
import { PutWallSlots } from './PutWallSlots.js';

/**
 * /multi_address_delivery (PROCESSES.md 3.10; decision 0188): the put wall. Scan the picked cart
 * or a container of a multi-address list (one slot per ship-to opens), then a unit: the screen
 * shows big where it goes, "Store 12, slot C, 3 of 5"; scanning the slot's container puts it
 * (a slot without container takes the scanned one). A complete address gets its delivery. A wrong
 * scan is a danger notice with its key; nothing changes and the step stays.
 */
export function MultiAddressDeliveryApp() {
  const { t } = useTranslation('multiAddressDelivery');
  const keeper = useRef(new IdempotencyKeeper()).current;
  const [wall, setWall] = useState<PutWallView | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const [target, setTarget] = useState<PutWallTarget | null>(null);
  const [busy, setBusy] = useState(false);

  const handleScan = async (text: string) => {
    const scan = text.trim();
    if (scan === '' || busy) return;
    setBusy(true);
    try {
      if (wall === null) {
        setWall(await putWallApi.start(scan));
      } else if (unit === null || target === null) {
        const located = await putWallApi.locate(wall.pickList.code, { item: scan });
        setUnit(scan);
        setTarget(located);
      } else {
        const answer = await putWallApi.put(wall.pickList.code, { item: unit }, scan, keeper);
        setWall(answer.view);
        setUnit(null);
        setTarget(null);
        if (answer.delivery !== null) {
          notify(
            'success',
            'multiAddressDelivery:delivered',
            { name: answer.target.name, delivery: answer.delivery },
            { sound: true },
          );
        }
        if (answer.view.done) notify('success', 'multiAddressDelivery:done', { picklist: answer.view.pickList.code });
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const leave = () => {
    setWall(null);
    setUnit(null);
    setTarget(null);
  };
  const back = () => {
    if (target !== null) {
      setUnit(null);
      setTarget(null);
    } else leave();
  };

  const prompt =
    wall === null
      ? t('prompt.start')
      : wall.done
        ? t('prompt.done', { picklist: wall.pickList.code })
        : target === null
          ? t('prompt.unit')
          : target.container === null
            ? t('prompt.newContainer', { slot: target.slot })
            : t('prompt.container', { slot: target.slot, container: target.container });
  return (
    <HandheldScreen
      testId="multi-address-delivery"
      prompt={prompt}
      busy={busy}
      onScan={(text) => void handleScan(text)}
      canGoBack={wall !== null}
      onBack={back}
      onCancel={leave}
      summary={
        wall === null ? null : (
          <span className="small" data-testid="put-wall-list">
            {t('summary', { picklist: wall.pickList.code, count: wall.slots.length })}
          </span>
        )
      }
    >
      {target !== null ? (
        <div className="text-center my-3" data-testid="put-wall-target" aria-live="polite">
          <div className="display-6 fw-bold">
            {t('target', { name: target.name, slot: target.slot, put: target.put, due: target.due })}
          </div>
          <div className="small text-body-secondary">{unit}</div>
        </div>
      ) : null}
      {wall !== null ? <PutWallSlots slots={wall.slots} /> : null}
    </HandheldScreen>
  );
}
