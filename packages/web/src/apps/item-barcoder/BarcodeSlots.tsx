import { barcodeSlots, type BarcodeSlot, type Item } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { barcodeIn, quantityIn, slotNumber } from './barcoder-state.js';

interface BarcodeSlotsProps {
  item: Item;
  /** The slot the new barcode goes to. */
  slot: BarcodeSlot;
  onChoose: (slot: BarcodeSlot) => void;
}

/** The item's three barcode slots with their quantities; a tap picks the slot the new barcode goes to. */
export function BarcodeSlots({ item, slot, onChoose }: BarcodeSlotsProps) {
  const { t } = useTranslation('setup');
  return (
    <div className="d-flex flex-column gap-2" data-testid="barcoder-slots">
      {barcodeSlots.map((each) => {
        const number = slotNumber(each);
        const barcode = barcodeIn(item, each);
        const chosen = each === slot;
        return (
          <Button
            key={each}
            variant={chosen ? 'primary' : 'outline-secondary'}
            className="text-start text-break"
            aria-pressed={chosen}
            onMouseDown={keepScannerFocus}
            onClick={() => onChoose(each)}
            data-testid={`barcoder-slot-${number}`}
          >
            <span className="fw-semibold me-2">{t('barcoder.slot', { slot: number })}</span>
            {barcode ? (
              <>
                <span className="font-monospace">{barcode}</span> × {formatQuantity(quantityIn(item, each))}
              </>
            ) : (
              <span className={chosen ? undefined : 'text-body-secondary'}>{t('barcoder.slotEmpty')}</span>
            )}
          </Button>
        );
      })}
    </div>
  );
}
