import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import type { BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../platform/config.js';
import { useSession } from '../../../platform/session.js';
import { ScrollTabs, type TabDefinition } from '../ScrollTabs.js';
import { useErrorText } from '../useErrorText.js';
import { ActionsTab } from './ActionsTab.js';
import { AttributesTab } from './AttributesTab.js';
import { ContentsTab } from './ContentsTab.js';
import { DefaultForTab } from './DefaultForTab.js';
import { HistoryTab } from './HistoryTab.js';
import { contentsVisible } from './contents-visible.js';
import { binLocationQueries } from './location-queries.js';
import { useLocationLive } from './useLocationLive.js';

export type LocationTabId = 'attributes' | 'contents' | 'defaultFor' | 'history' | 'actions';

function tabsOf(location: BinLocation, showContents: boolean, t: (key: string) => string) {
  const tabs: TabDefinition<LocationTabId>[] = [
    { id: 'attributes', title: t('location.tab.attributes'), content: <AttributesTab location={location} /> },
  ];
  if (showContents)
    tabs.push({ id: 'contents', title: t('location.tab.contents'), content: <ContentsTab code={location.code} /> });
  tabs.push(
    { id: 'defaultFor', title: t('location.tab.defaultFor'), content: <DefaultForTab code={location.code} /> },
    { id: 'history', title: t('location.tab.history'), content: <HistoryTab code={location.code} /> },
    { id: 'actions', title: t('location.tab.actions'), content: <ActionsTab location={location} /> },
  );
  return tabs;
}

/**
 * The location details: tabs Attributes, Contents,
 * Default location for, History and Actions; shown in the dialog and on the location information page.
 */
export function LocationDetails({ code }: { code: string }) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const { operationMode } = useConfig();
  const { hasRole } = useSession();
  const [tab, setTab] = useState<LocationTabId>('attributes');
  const query = useQuery(binLocationQueries.detail(code));
  useLocationLive(code);

  if (query.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (query.isError) return <Alert variant="danger">{errorText(query.error)}</Alert>;
  const tabs = tabsOf(query.data, contentsVisible(operationMode, hasRole('admin')), t);
  return <ScrollTabs tabs={tabs} active={tab} onSelect={setTab} testId="location-tabs" />;
}
