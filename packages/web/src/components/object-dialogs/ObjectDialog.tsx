import type { ObjectDialogEntry } from '../object-link/object-dialog-store.js';
import { BatchDialog } from './BatchDialog.js';
import { BusinessPartnerDialog } from './BusinessPartnerDialog.js';
import { LocationDialog } from './location/LocationDialog.js';
import { OrderDialog } from './OrderDialog.js';
import { SerialDialog } from './SerialDialog.js';
import { WarehouseDialog } from './WarehouseDialog.js';

interface ObjectDialogProps {
  entry: ObjectDialogEntry;
  layer: number;
  onClose: () => void;
}

/** The detail dialog of one open object. */
export function ObjectDialog({ entry, layer, onClose }: ObjectDialogProps) {
  const common = { code: entry.code, layer, onClose };
  switch (entry.type) {
    case 'binLocation':
      return <LocationDialog {...common} />;
    case 'batch':
      return <BatchDialog {...common} itemCode={entry.itemCode} />;
    case 'serial':
      return <SerialDialog {...common} itemCode={entry.itemCode} />;
    case 'warehouse':
      return <WarehouseDialog {...common} />;
    case 'businessPartner':
      return <BusinessPartnerDialog {...common} />;
    case 'order':
      return <OrderDialog {...common} />;
  }
}
