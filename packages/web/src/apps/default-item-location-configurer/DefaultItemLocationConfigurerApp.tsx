import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { useLiveMessage } from '../../platform/live.js';
import { mediaMatches } from '../../platform/media-query.js';
import { configurerQueries } from './configurer-queries.js';
import { ConfigurerScan } from './ConfigurerScan.js';
import { DefaultsTable } from './DefaultsTable.js';
import { ItemsWithoutDefaultTable, LocationsWithoutDefaultTable } from './GapTables.js';

const tabs = ['scan', 'defaults', 'locationsWithoutDefault', 'itemsWithoutDefault'] as const;
type Tab = (typeof tabs)[number];

/** Below lg (992 px) the app opens on the scan flow, from lg up on the table. */
const wideScreenQuery = '(min-width: 992px)';

/**
 * /default_item_location_configurer: the scan flow (handheld) and, per warehouse, the table of
 * default item locations with inline edits and the two views of what has no default yet. Narrow
 * screens open on the scan flow, wide ones on the table; the tabs switch. Open lists refresh
 * when an item or a location changes (ITEM_CHANGED, BIN_LOCATION_CHANGED).
 */
export function DefaultItemLocationConfigurerApp() {
  const { t } = useTranslation('setup');
  const [tab, setTab] = useState<Tab>(() => (mediaMatches(wideScreenQuery) ? 'defaults' : 'scan'));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: areaKey('setupLists') });
  useLiveMessage('ITEM_CHANGED', refresh);
  useLiveMessage('BIN_LOCATION_CHANGED', refresh);
  return (
    <div className="d-flex flex-column gap-2" data-testid="default-location-configurer-app">
      {/* One row that scrolls sideways on a phone: the scan flow keeps the height. */}
      <Nav
        variant="tabs"
        activeKey={tab}
        onSelect={(key) => key && setTab(key as Tab)}
        className="px-2 pt-2 flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap small"
      >
        {tabs.map((each) => (
          <Nav.Item key={each}>
            <Nav.Link eventKey={each} data-testid={`configurer-tab-${each}`}>
              {t(`defaults.tabs.${each}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {tab === 'scan' ? <ConfigurerScan /> : <WarehouseLists tab={tab} />}
    </div>
  );
}

/** The warehouse chosen (the first active one by default) and the list of the tab. */
function WarehouseLists({ tab }: { tab: Exclude<Tab, 'scan'> }) {
  const { t } = useTranslation('setup');
  const warehouses = useQuery(configurerQueries.warehouses());
  const [chosen, setChosen] = useState<string | null>(null);
  const list = warehouses.data ?? [];
  const whsCode = chosen ?? list.find((warehouse) => warehouse.active)?.code ?? list[0]?.code ?? null;
  return (
    <Container fluid className="d-flex flex-column gap-2 pb-3">
      <Form.Group controlId="configurer-warehouse" className="d-flex align-items-center gap-2">
        <Form.Label className="mb-0 text-nowrap">{t('defaults.warehouse')}</Form.Label>
        <Form.Select
          value={whsCode ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          style={{ maxWidth: 320 }}
          data-testid="configurer-warehouse"
        >
          {list.map((warehouse) => (
            <option key={warehouse.code} value={warehouse.code}>
              {warehouse.code} · {warehouse.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {whsCode === null ? null : tab === 'defaults' ? (
        <DefaultsTable key={whsCode} whsCode={whsCode} />
      ) : tab === 'locationsWithoutDefault' ? (
        <LocationsWithoutDefaultTable key={whsCode} whsCode={whsCode} />
      ) : (
        <ItemsWithoutDefaultTable key={whsCode} whsCode={whsCode} />
      )}
    </Container>
  );
}
