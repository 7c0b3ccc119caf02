import { useQueryClient } from '@tanstack/react-query';
import { barcodeSlots, type BarcodeSlot, type Item } from '@wms/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { failureNotice } from '../../platform/http-policy.js';
import { notify } from '../../platform/notifications.js';
import { barcodeInterpretations } from '../../components/barcode-setup/barcode-interpretations.js';
import { formatNumber } from './format-number.js';
import { itemBarcodes } from './item-barcodes.js';
import { setBarcode } from './item-actions-api.js';
import { parsePositiveQuantity } from './prompt-values.js';
import { itemQueries, refreshItem } from './queries.js';
import type { Questions } from './useQuestions.js';

/** The quantity prompt's default. */
export const defaultBarcodeQuantity = '1.0';

/**
 * Set or clear the item's barcodes. Setting asks for the barcode (scanned or
 * typed); no code in it: noBarcodeFound; several readings (a GS1 string): the user picks one;
 * then the quantity one scan counts (default 1.0, a non-numeric answer cancels silently). A
 * wrong GTIN check digit (invalidGtinCheckDigit) is saved once the user confirms it.
 * Clearing asks for confirmation.
 */
export function BarcodeAction({ item, ask }: { item: Item; ask: Questions }) {
  const { t, i18n } = useTranslation('itemInfo');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const save = async (slot: BarcodeSlot, barcode: string | null, quantity?: number, confirmed = false) => {
    setBusy(true);
    let warning: ApiError | null = null;
    try {
      const updated = await setBarcode(item.code, slot, barcode, quantity, confirmed);
      queryClient.setQueryData(itemQueries.detail(item.code).queryKey, (old) => (old ? { ...old, ...updated } : old));
      notify('success', barcode === null ? 'itemInfo:actions.barcode.cleared' : 'itemInfo:actions.barcode.saved');
      await refreshItem(queryClient, item.code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.key === 'invalidGtinCheckDigit' && !confirmed) warning = error;
      else {
        const notice = failureNotice(
          error.status || null,
          error.key === 'networkError' ? undefined : error.key,
          error.args,
        );
        notify(notice.variant, notice.key, notice.args ?? {});
      }
    } finally {
      setBusy(false);
    }
    // A wrong GTIN check digit is a warning: saved once the user confirms the code.
    if (warning && barcode !== null) {
      const accepted = await ask.confirm({
        message: t('errors:invalidGtinCheckDigit', warning.args),
        confirmLabel: t('common:confirm'),
      });
      if (accepted) await save(slot, barcode, quantity, true);
    }
  };

  const handleSet = async (slot: BarcodeSlot, number: number) => {
    const text = await ask.prompt({
      title: t('actions.barcode.setTitle', { slot: number }),
      label: t('actions.barcode.scan'),
    });
    if (text === null) return;
    const readings = barcodeInterpretations(text);
    if (readings.length === 0) {
      notify('danger', 'errors:noBarcodeFound');
      return;
    }
    const barcode =
      readings.length === 1
        ? readings[0]!
        : await ask.choose({
            message: t('actions.barcode.choose'),
            options: readings.map((reading) => ({ value: reading, label: reading })),
          });
    if (barcode === null) return;
    const quantity = parsePositiveQuantity(
      await ask.prompt({
        title: t('actions.barcode.setTitle', { slot: number }),
        label: t('actions.barcode.quantity', { barcode }),
        defaultValue: defaultBarcodeQuantity,
        inputMode: 'decimal',
      }),
    );
    if (quantity === null) return;
    await save(slot, barcode, quantity);
  };

  const handleClear = async (slot: BarcodeSlot, number: number, barcode: string) => {
    const confirmed = await ask.confirm({
      message: t('actions.barcode.confirmClear', { slot: number, barcode }),
      confirmLabel: t('actions.barcode.clear'),
    });
    if (confirmed) await save(slot, null);
  };

  return (
    <ul className="list-unstyled mb-0">
      {itemBarcodes(item).map(({ slot: number, barcode, quantity }) => {
        const slot = barcodeSlots[number - 1]!;
        return (
          <li
            key={slot}
            className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom"
            data-testid={`barcode-slot-${number}`}
          >
            <span className="flex-grow-1 text-break">
              <span className="fw-semibold me-2">{t('field.barcode', { slot: number })}</span>
              {barcode ? (
                <>
                  <span className="font-monospace">{barcode}</span>{' '}
                  <span className="text-body-secondary">× {formatNumber(quantity, i18n.language)}</span>
                </>
              ) : (
                <span className="text-body-secondary">{t('actions.barcode.empty')}</span>
              )}
            </span>
            <Button
              variant="primary"
              disabled={busy}
              onClick={() => void handleSet(slot, number)}
              data-testid={`set-barcode-${number}`}
            >
              {t('actions.barcode.set')}
            </Button>
            {barcode && (
              <Button
                variant="outline-danger"
                disabled={busy}
                onClick={() => void handleClear(slot, number, barcode)}
                data-testid={`clear-barcode-${number}`}
              >
                {t('actions.barcode.clear')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
