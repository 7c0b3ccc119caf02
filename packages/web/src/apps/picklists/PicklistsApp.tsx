import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useSession } from '../../platform/session.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import type { PicklistDialog } from './picklist-dialogs.js';
import { initialFilters, pickListQueryOf, type PicklistFilters } from './picklist-filters.js';
import { picklistPermissions } from './picklist-permissions.js';
import { PicklistDialogs } from './PicklistDialogs.js';
import { PicklistFilterBar } from './PicklistFilterBar.js';
import { PicklistPager } from './PicklistPager.js';
import { pickListPageSize, pickListQueries } from './picklists-api.js';
import { PicklistTable } from './PicklistTable.js';
import { usePicklistActions } from './usePicklistActions.js';
import { usePicklistsLive } from './usePicklistsLive.js';

/**
 * /picklists (PROCESSES.md 3.2; picklistOverview, picklistGenerator, *ManageClaims): the pick
 * lists with filters and paging, each row expanding into its lines, live through
 * topics.documents('pick_list'). Actions by role and status: create (with the creation lock and
 * the planning area), merge, copy, edit, clear, claim for a user, removeClaim, detachClaim,
 * promote, flush, markPacked/markUnpacked, broken lists with re-allocation, attachments. The
 * buttons are a convenience: the server decides, and its refusal is shown.
 */
export function PicklistsApp() {
  const { t } = useTranslation(['picklists', 'apps']);
  const errorText = useErrorText();
  const session = useSession();
  const permissions = useMemo(() => picklistPermissions(session.hasRole), [session.hasRole]);
  usePicklistsLive();
  const [filters, setFilters] = useState<PicklistFilters>(initialFilters);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<PicklistDialog | null>(null);
  const actions = usePicklistActions(setDialog);
  const settled = useDebouncedValue(filters, 300);
  useEffect(() => {
    setOffset(0);
    setSelected(new Set());
  }, [settled]);

  const page = useQuery(pickListQueries.page(pickListQueryOf(settled, offset, pickListPageSize)));
  const lists = useMemo(() => page.data?.rows ?? [], [page.data]);
  const toggle = useCallback((code: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  }, []);
  const chosen = lists.filter((list) => selected.has(list.code)).map((list) => list.code);
  const handleMerge = async () => {
    if ((await actions.merge(chosen, false)) !== null) setSelected(new Set());
  };

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="picklists-app">
      <h1 className="h4">{t('apps:picklists')}</h1>
      <div className="d-flex flex-wrap gap-2 mb-2">
        {permissions.generate ? (
          <>
            <Button onClick={() => setDialog({ kind: 'create' })} data-testid="picklist-create">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('actions.create')}
            </Button>
            <Button
              variant="outline-primary"
              disabled={chosen.length < 2 || actions.busy}
              onClick={() => void handleMerge()}
              data-testid="picklist-merge"
            >
              <i className="bi bi-union me-1" aria-hidden="true" />
              {t('actions.mergeSelected', { count: chosen.length })}
            </Button>
          </>
        ) : null}
        <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'broken' })} data-testid="picklist-broken">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          {t('actions.broken')}
        </Button>
      </div>
      <PicklistFilterBar filters={filters} onChange={setFilters} />
      {page.isError ? <Alert variant="danger">{errorText(page.error)}</Alert> : null}
      <PicklistTable
        lists={lists}
        permissions={permissions}
        selected={selected}
        onToggle={toggle}
        onAction={actions.handleAction}
      />
      <PicklistPager
        offset={offset}
        shown={lists.length}
        total={page.data?.total ?? 0}
        pageSize={pickListPageSize}
        onOffset={setOffset}
      />
      <PicklistDialogs
        dialog={dialog}
        permissions={permissions}
        actions={actions}
        warehouse={filters.warehouse.trim()}
        onClose={() => setDialog(null)}
      />
    </Container>
  );
}
