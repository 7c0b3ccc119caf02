import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import type { UseQueryResult } from '@tanstack/react-query';
import { isExpired } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { DetailModal } from './DetailModal.js';
import { ItemChooser } from './ItemChooser.js';
import { ScrollTabs } from './ScrollTabs.js';
import { useErrorText } from './useErrorText.js';

interface Tracked {
  code: string;
  visualCode: string;
  expirationDate: string | null;
  itemCode: string;
  itemName: string;
}

interface TrackedObjectDialogProps<T extends Tracked> {
  kind: 'batch' | 'serial';
  code: string;
  layer: number;
  onClose: () => void;
  query: UseQueryResult<T[]>;
  information: (found: T) => ReactNode;
  actions: (found: T) => ReactNode;
}

type TabId = 'information' | 'actions';

/**
 * The batch and serial dialogs: tabs Information and Actions, danger style
 * when expired. The code may exist for several items: without an item given, the user picks one.
 */
export function TrackedObjectDialog<T extends Tracked>(props: TrackedObjectDialogProps<T>) {
  const { kind, code, layer, onClose, query } = props;
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<T | null>(null);
  const [tab, setTab] = useState<TabId>('information');
  const found = chosen ?? (query.data?.length === 1 ? query.data[0]! : null);
  const expired = found ? isExpired(found.expirationDate) : false;

  let body: ReactNode;
  if (query.isPending) body = <Spinner role="status" aria-label={t('common:loading')} />;
  else if (query.isError) body = <Alert variant="danger">{errorText(query.error)}</Alert>;
  else if (!found) body = <ItemChooser choices={query.data} onChoose={setChosen} />;
  else
    body = (
      <>
        {expired ? (
          <Alert variant="danger" className="py-2" data-testid="expired">
            {t('expired')}
          </Alert>
        ) : null}
        <ScrollTabs
          active={tab}
          onSelect={setTab}
          tabs={[
            { id: 'information', title: t('tab.information'), content: props.information(found) },
            { id: 'actions', title: t('tab.actions'), content: props.actions(found) },
          ]}
        />
      </>
    );

  return (
    <DetailModal
      layer={layer}
      onClose={onClose}
      danger={expired}
      copyCode={found?.code}
      testId={`${kind}-dialog`}
      title={
        <>
          <i className={`bi ${kind === 'batch' ? 'bi-boxes' : 'bi-upc'}`} aria-hidden="true" />
          {t(`title.${kind}`, { code: found?.visualCode ?? code })}
          {expired ? (
            <Badge bg="light" text="danger">
              {t('expired')}
            </Badge>
          ) : null}
        </>
      }
    >
      {body}
    </DetailModal>
  );
}
