import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Tab from 'react-bootstrap/Tab';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BinLocationsTab } from './BinLocationsTab.js';
import { BusinessPartnersTab } from './BusinessPartnersTab.js';
import { ImportOnlyTab } from './ImportOnlyTab.js';
import { ItemsTab } from './ItemsTab.js';
import { chosenTab, masterDataTabs, type MasterDataTab } from './master-data-tabs.js';
import { useMasterDataLive } from './useMasterDataLive.js';
import { WarehousesTab } from './WarehousesTab.js';

function tabContent(tab: MasterDataTab) {
  switch (tab) {
    case 'items':
      return <ItemsTab />;
    case 'binLocations':
      return <BinLocationsTab />;
    case 'warehouses':
      return <WarehousesTab />;
    case 'businessPartners':
      return <BusinessPartnersTab />;
    case 'defaultItemLocations':
      return <ImportOnlyTab kind="default_item_locations" />;
    case 'openingStock':
      return <ImportOnlyTab kind="opening_stock" />;
  }
}

/**
 * /setup/master_data (masterDataManager, ERP type NONE; Decision 0179): the warehouse's own
 * items, bin locations, warehouses and business partners, created, edited, deactivated and
 * imported here; default item locations and opening stock are imported. The open tab is kept in
 * ?tab=, a record being edited in ?edit=.
 */
export function MasterDataApp() {
  const { t } = useTranslation(['masterData', 'apps']);
  const [params, setParams] = useSearchParams();
  const active = chosenTab(params.get('tab'));
  useMasterDataLive();

  const select = (key: string | null) => {
    if (!key || key === active) return;
    setParams(new URLSearchParams({ tab: key }), { replace: true });
  };

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="master-data-app">
      <h1 className="h4">{t('apps:masterData')}</h1>
      <Tab.Container activeKey={active} onSelect={select}>
        <Nav variant="underline" className="mb-3 border-bottom flex-nowrap overflow-auto" role="tablist">
          {masterDataTabs.map((id) => (
            <Nav.Item key={id}>
              <Nav.Link eventKey={id} className="text-nowrap" data-testid={`master-data-tab-link-${id}`}>
                {t(`tab.${id}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Tab.Content>
          {masterDataTabs.map((id) => (
            <Tab.Pane key={id} eventKey={id} mountOnEnter unmountOnExit>
              {tabContent(id)}
            </Tab.Pane>
          ))}
        </Tab.Content>
      </Tab.Container>
    </Container>
  );
}
