import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultItemLocationsAnswer, ItemDetail } from '@wms/contract';
import { useEffect, type ReactNode } from 'react';
import { Alert, Nav, Spinner, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { itemInfoPath } from '../../components/object-link/ObjectLink.js';
import { MasterDataEditLink } from '../../components/master-data-link/MasterDataEditLink.js';
import { useConfig } from '../../platform/config.js';
import { useSession } from '../../platform/session.js';
import { ActionsTab } from './ActionsTab.js';
import { DefaultLocationsTab } from './DefaultLocationsTab.js';
import { DetailsTab } from './DetailsTab.js';
import { HistoryTab } from './HistoryTab.js';
import { InformationTab } from './InformationTab.js';
import { chosenItemTab, visibleItemTabs, type ItemTabId } from './item-tabs.js';
import { LocationsTab } from './LocationsTab.js';
import { OpenDocumentsTab } from './OpenDocumentsTab.js';
import { itemQueries } from './queries.js';
import { useItemLive } from './useItemLive.js';
import './item-info.css';

function tabContent(id: ItemTabId, item: ItemDetail): ReactNode {
  switch (id) {
    case 'information':
      return <InformationTab item={item} />;
    case 'details':
      return <DetailsTab item={item} />;
    case 'locations':
      return <LocationsTab item={item} />;
    case 'defaultLocations':
      return <DefaultLocationsTab item={item} />;
    case 'openDocuments':
      return <OpenDocumentsTab item={item} />;
    case 'history':
      return <HistoryTab item={item} />;
    case 'actions':
      return <ActionsTab item={item} />;
  }
}

/**
 * One item: its name (in the user's language when the item has a translation in it) and its tabs
 * (visibleItemTabs); the open tab is kept in ?tab=.
 */
export function ItemView({ code }: { code: string }) {
  const { t } = useTranslation('itemInfo');
  const config = useConfig();
  const session = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const item = useQuery(itemQueries.detail(code));
  const canonicalCode = item.data?.code;

  // One code per item in the address and the query keys (codes match without case).
  useEffect(() => {
    if (canonicalCode !== undefined && canonicalCode !== code)
      void navigate({ pathname: itemInfoPath(canonicalCode), search: window.location.search }, { replace: true });
  }, [canonicalCode, code, navigate]);

  useItemLive(item.data?.code, () => {
    const itemCode = item.data?.code ?? code;
    const stock = queryClient.getQueryData(itemQueries.stock(itemCode).queryKey) ?? [];
    const defaults = queryClient
      .getQueriesData<DefaultItemLocationsAnswer>({ queryKey: itemQueries.defaultLocationsRoot(itemCode) })
      .flatMap(([, rows]) => rows ?? []);
    return [
      ...stock.map((row) => row.binLocation.code),
      ...defaults.flatMap((row) => (row.binLocation ? [row.binLocation.code] : [])),
    ];
  });

  if (item.isPending) return <Spinner role="status" aria-label={t('common:loading')} className="m-3" />;
  if (item.isError)
    return (
      <Alert variant="warning" data-testid="item-not-loaded">
        {t('itemNotLoaded', { code })}
      </Alert>
    );

  const tabs = visibleItemTabs(config.operationMode, session.hasRole('admin'));
  const active = chosenItemTab(params.get('tab'), tabs);
  const select = (key: string | null) => {
    if (!key) return;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section data-testid="item-view" data-item-code={item.data.code}>
      <h2 className="h5 mb-2 text-break">
        <span className="fw-semibold" data-testid="item-heading-code">
          {item.data.visualCode}
        </span>{' '}
        <span
          className="text-body-secondary"
          data-testid="item-heading-name"
          title={item.data.translatedName ? item.data.name : undefined}
        >
          {item.data.translatedName ?? item.data.name}
        </span>
        <MasterDataEditLink tab="items" code={item.data.code} className="ms-2 align-text-bottom" />
      </h2>
      <Tab.Container activeKey={active} onSelect={select}>
        <Nav variant="underline" className="item-info-tabs mb-3 border-bottom" role="tablist">
          {tabs.map((id) => (
            <Nav.Item key={id}>
              <Nav.Link eventKey={id} data-testid={`item-tab-${id}`}>
                {t(`tab.${id}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Tab.Content>
          {tabs.map((id) => (
            <Tab.Pane key={id} eventKey={id} mountOnEnter unmountOnExit data-testid={`item-pane-${id}`}>
              {tabContent(id, item.data)}
            </Tab.Pane>
          ))}
        </Tab.Content>
      </Tab.Container>
    </section>
  );
}
