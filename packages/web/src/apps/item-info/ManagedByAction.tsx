import { useQueryClient } from '@tanstack/react-query';
import {
  defaultConversionBatchName,
  defaultConversionSerialPrefix,
  managedByTypes,
  type Item,
  type ManagedBy,
} from '@wms/contract';
import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { setManagedBy } from './item-actions-api.js';
import { refreshItem } from './queries.js';
import type { Questions } from './useQuestions.js';

/**
 * Change the management type: to batch asks the new batch name (default
 * BE_CONV), to serial also the serial prefix (default BE_CONV_); then a confirmation. The request
 * carries an idempotency key made once per confirmed conversion, so a retry converts once.
 */
export function ManagedByAction({ item, ask }: { item: Item; ask: Questions }) {
  const { t } = useTranslation('itemInfo');
  const queryClient = useQueryClient();
  const targets = managedByTypes.filter((type) => type !== item.managedBy);
  const [target, setTarget] = useState<ManagedBy>(targets[0]!);
  const [busy, setBusy] = useState(false);
  const chosen = targets.includes(target) ? target : targets[0]!;

  const askName = async (label: string, defaultValue: string): Promise<string | null> => {
    const answer = await ask.prompt({ title: t('actions.managedBy.title'), label, defaultValue });
    const name = answer?.trim() ?? '';
    return name === '' ? null : name;
  };

  const handleConvert = async () => {
    let newBatchName = defaultConversionBatchName;
    let newSerialPrefix = defaultConversionSerialPrefix;
    if (chosen !== 'NORMAL') {
      const name = await askName(t('actions.managedBy.batchName'), defaultConversionBatchName);
      if (name === null) return;
      newBatchName = name;
    }
    if (chosen === 'SERIAL_NUMBER') {
      const prefix = await askName(t('actions.managedBy.serialPrefix'), defaultConversionSerialPrefix);
      if (prefix === null) return;
      newSerialPrefix = prefix;
    }
    const confirmed = await ask.confirm({
      message: t('actions.managedBy.confirm', {
        item: item.visualCode,
        from: t(`managedBy.${item.managedBy}`),
        to: t(`managedBy.${chosen}`),
      }),
      confirmLabel: t('actions.managedBy.convert'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await setManagedBy(item.code, chosen, { newBatchName, newSerialPrefix }, crypto.randomUUID());
      notify('success', 'itemInfo:actions.managedBy.success');
      await refreshItem(queryClient, item.code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <Form.Group controlId="managed-by-target" className="flex-grow-1">
        <Form.Label>{t('actions.managedBy.current', { type: t(`managedBy.${item.managedBy}`) })}</Form.Label>
        <Form.Select
          size="lg"
          value={chosen}
          onChange={(event) => setTarget(event.target.value as ManagedBy)}
          data-testid="managed-by-target"
        >
          {targets.map((type) => (
            <option key={type} value={type}>
              {t(`managedBy.${type}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button size="lg" disabled={busy} onClick={() => void handleConvert()} data-testid="managed-by-convert">
        {busy && <Spinner size="sm" className="me-2" />}
        {t('actions.managedBy.convert')}
      </Button>
    </div>
  );
}
