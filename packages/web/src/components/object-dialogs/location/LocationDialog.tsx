import { useQuery } from '@tanstack/react-query';
import { DetailModal } from '../DetailModal.js';
import type { CodeDialogProps } from '../WarehouseDialog.js';
import { binLocationQueries } from './location-queries.js';
import { LocationDetails } from './LocationDetails.js';
import { LocationTitle } from './LocationTitle.js';

/** The location details dialog; danger style with a stop sign for a restricted location. */
export function LocationDialog({ code, layer, onClose }: CodeDialogProps) {
  const location = useQuery(binLocationQueries.detail(code)).data;
  return (
    <DetailModal
      layer={layer}
      onClose={onClose}
      copyCode={location?.code}
      danger={location?.stockMovementRestricted ?? false}
      testId="location-dialog"
      title={<LocationTitle code={code} location={location} />}
    >
      <LocationDetails code={code} />
    </DetailModal>
  );
}
