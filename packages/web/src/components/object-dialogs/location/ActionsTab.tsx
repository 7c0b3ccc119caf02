import type { BinLocation } from '@wms/contract';
import { useSession } from '../../../platform/session.js';
import { BarcodeAction } from './BarcodeAction.js';
import { CountingActions } from './CountingActions.js';
import { PreferredOrderAction } from './PreferredOrderAction.js';
import { PrintLocationLabelAction } from './PrintLocationLabelAction.js';
import { ReadyForProcessingAction } from './ReadyForProcessingAction.js';
import { TypeActions } from './TypeActions.js';

/**
 * The location's actions, each shown only to a user with its role (the
 * server checks again): barcode and types (barcodeSetup), preferred order and ready for
 * processing (informationAuthEditLocation), counting (informationAuthSetCountingState), labels.
 */
export function ActionsTab({ location }: { location: BinLocation }) {
  const { hasRole } = useSession();
  const editLocation = hasRole('informationAuthEditLocation');
  return (
    <div data-testid="location-actions">
      {hasRole('barcodeSetup') ? (
        <>
          <BarcodeAction location={location} />
          <TypeActions location={location} />
        </>
      ) : null}
      {editLocation ? <PreferredOrderAction location={location} /> : null}
      {hasRole('informationAuthSetCountingState') ? <CountingActions location={location} /> : null}
      {editLocation && location.locationType === 'MOBILE' ? <ReadyForProcessingAction location={location} /> : null}
      <PrintLocationLabelAction location={location} />
    </div>
  );
}
