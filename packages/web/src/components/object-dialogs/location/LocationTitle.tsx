import type { BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';

/** The location's code, with a stop sign when stock movements are restricted. */
export function LocationTitle({ code, location }: { code: string; location: BinLocation | undefined }) {
  const { t } = useTranslation('objects');
  const restricted = location?.stockMovementRestricted ?? false;
  return (
    <>
      <i className="bi bi-geo-alt" aria-hidden="true" />
      <span data-testid="location-title">{location?.visualCode ?? code}</span>
      {location ? (
        <small className="opacity-75 text-truncate d-none d-sm-inline">{location.warehouseName}</small>
      ) : null}
      {restricted ? (
        <i
          className="bi bi-sign-stop fs-4"
          role="img"
          aria-label={t('location.restricted')}
          title={t('location.restricted')}
          data-testid="stop-sign"
        />
      ) : null}
    </>
  );
}
