import { useEffect, useState } from 'react';
import Container from 'react-bootstrap/Container';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyCodeButton } from '../../components/object-dialogs/CopyCodeButton.js';
import { binLocationQueries, findBinLocation } from '../../components/object-dialogs/location/location-queries.js';
import { LocationDetails } from '../../components/object-dialogs/location/LocationDetails.js';
import { LocationTitle } from '../../components/object-dialogs/location/LocationTitle.js';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { MasterDataEditLink } from '../../components/master-data-link/MasterDataEditLink.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { LocationSearch } from './LocationSearch.js';

export const locationInfoPath = '/location/location_info';

/**
 * /location/location_info and /location/location_info/:bincode: scan or type a
 * location's code or barcode (or pick a suggestion) to show its details. As a sub-app (no route
 * of its own) the chosen location is kept here instead of in the path.
 */
export function LocationInfoApp() {
  const { t } = useTranslation('locationInfo');
  const { bincode } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routed = pathname.startsWith(locationInfoPath);
  const [chosen, setChosen] = useState<string | null>(bincode ?? null);
  useEffect(() => setChosen(bincode ?? null), [bincode]);
  const code = routed ? (bincode ?? null) : chosen;
  const detail = useQuery({ ...binLocationQueries.detail(code ?? ''), enabled: code !== null });
  const location = detail.data;
  // The detail read is quiet (the details show the error inline); an unknown location opened by
  // its path gets the same message bubble as an unknown scan or an unknown item (issue 14).
  const failure = detail.error instanceof ApiError && detail.error.status < 500 ? detail.error : null;
  useEffect(() => {
    if (failure) notify('danger', `errors:${failure.key}`, failure.args);
  }, [failure]);

  const open = (next: string) => {
    if (routed) void navigate(`${locationInfoPath}/${encodeURIComponent(next)}`);
    else setChosen(next);
  };

  const handleScan = async (text: string) => {
    try {
      const found = await findBinLocation(text);
      open(found.code);
    } catch {
      // The error catalogue showed unknownLocation.
    }
  };

  const restricted = location?.stockMovementRestricted ?? false;
  return (
    <Container fluid="lg" className="py-2" data-testid="location-info">
      <h1 className="visually-hidden">{t('title')}</h1>
      <div className="d-flex flex-column gap-2 mb-3">
        <ScannerInput onScan={(text) => void handleScan(text)} placeholder="locationInfo:scanPlaceholder" />
        <LocationSearch onChoose={open} onSubmit={(text) => void handleScan(text)} />
      </div>
      {code ? (
        <>
          <div
            className={`d-flex align-items-center gap-2 h5 rounded px-2 py-2 ${restricted ? 'text-bg-danger' : 'bg-body-tertiary'}`}
            data-testid="location-header"
            data-danger={restricted || undefined}
          >
            <LocationTitle code={code} location={location} />
            {location ? <CopyCodeButton code={location.code} className="ms-auto" onDanger={restricted} /> : null}
            {location ? <MasterDataEditLink tab="binLocations" code={location.code} /> : null}
          </div>
          <LocationDetails key={code} code={code} />
        </>
      ) : (
        <p className="text-body-secondary" data-testid="location-info-hint">
          {t('hint')}
        </p>
      )}
    </Container>
  );
}
