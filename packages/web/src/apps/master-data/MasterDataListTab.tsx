import { keepPreviousData, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ImportKind } from '@wms/contract';
import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { notify } from '../../platform/notifications.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import { ConfirmActiveModal } from './ConfirmActiveModal.js';
import type { RecordFormProps } from './form-section.js';
import { ImportModal } from './ImportModal.js';
import { ListPager } from './ListPager.js';
import { ListToolbar, type ActiveFilter } from './ListToolbar.js';
import { masterDataPageSize, refreshMasterData } from './master-data-api.js';

/** The filters every list takes (the tab adds its own). */
export interface ListQuery {
  text?: string;
  active: ActiveFilter;
  offset: number;
  limit: number;
}

/** A page of a list read. */
interface Page<Row> {
  rows: Row[];
  hasMore: boolean;
}

/** A record of a list: its code, whether it is active, and its version. */
interface ListRow {
  code: string;
  active: boolean;
  version: number;
}

export interface MasterDataListTabProps<Row extends ListRow, P extends Page<Row>, K extends QueryKey> {
  /** Names the table (its column widths are saved under it) and the test ids. */
  tableId: string;
  importKind: ImportKind;
  columns: readonly DataTableColumn<Row>[];
  /** The list read of a page with the filters. */
  query: (query: ListQuery) => UseQueryOptions<P, Error, P, K>;
  /** The tab's own filters, and a key that changes with them (back to the first page). */
  filters?: ReactNode;
  filterKey?: string;
  /** Deactivates (false) or reactivates (true) a record with the version shown. */
  setActive: (row: Row, active: boolean) => Promise<unknown>;
  Form: ComponentType<RecordFormProps>;
}

const textDelayMs = 300;

/**
 * A master data tab: the server-paged table with its filters, New, Import from file, and per
 * row Edit and Deactivate or Reactivate (asked first). The record being edited is in the address
 * (?edit=code), so item info and location info can open it.
 */
export function MasterDataListTab<Row extends ListRow, P extends Page<Row>, K extends QueryKey>(
  props: MasterDataListTabProps<Row, P, K>,
) {
  const { t } = useTranslation(['masterData', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [active, setActive] = useState<ActiveFilter>('true');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [toggling, setToggling] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const search = useDebouncedValue(text.trim(), textDelayMs);
  const editCode = params.get('edit');

  useEffect(() => setOffset(0), [search, active, props.filterKey]);

  const list = useQuery({
    ...props.query({ ...(search ? { text: search } : {}), active, offset, limit: masterDataPageSize }),
    placeholderData: keepPreviousData,
  });

  const edit = useCallback(
    (code: string | null) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          if (code === null) next.delete('edit');
          else next.set('edit', code);
          return next;
        },
        { replace: code === null },
      ),
    [setParams],
  );

  const handleToggle = async (row: Row) => {
    setBusy(true);
    setFailure(null);
    try {
      await props.setActive(row, !row.active);
      notify('success', row.active ? 'masterData:list.deactivated' : 'masterData:list.reactivated', { code: row.code });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
      setToggling(null);
      await refreshMasterData(queryClient);
    }
  };

  const { columns: ownColumns } = props;
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      ...ownColumns,
      {
        id: 'active',
        header: 'masterData:field.active',
        accessor: (row) => row.active,
        cell: (row) =>
          row.active ? null : (
            <Badge bg="secondary" data-testid="master-data-inactive">
              {t('list.inactive')}
            </Badge>
          ),
        filterable: false,
        width: 90,
      },
      {
        id: 'actions',
        header: 'masterData:list.actions',
        accessor: (row) => row.code,
        sortable: false,
        filterable: false,
        width: 190,
        cell: (row) => (
          <span className="d-flex gap-1">
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => edit(row.code)}
              data-testid={`master-data-edit-${row.code}`}
            >
              {t('list.edit')}
            </Button>
            <Button
              size="sm"
              variant={row.active ? 'outline-danger' : 'outline-success'}
              onClick={() => setToggling(row)}
              data-testid={`master-data-toggle-${row.code}`}
            >
              {t(row.active ? 'list.deactivate' : 'list.reactivate')}
            </Button>
          </span>
        ),
      },
    ],
    [ownColumns, t, edit],
  );

  const { Form } = props;
  return (
    <section data-testid={`master-data-tab-${props.tableId}`}>
      <ListToolbar
        text={text}
        onText={setText}
        active={active}
        onActive={setActive}
        onNew={() => setCreating(true)}
        onImport={() => setImporting(true)}
      >
        {props.filters}
      </ListToolbar>
      {failure ? (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)} data-testid="master-data-list-alert">
          {errorText(failure)}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner role="status" aria-label={t('common:loading')} /> : null}
      {list.isError ? <Alert variant="danger">{errorText(list.error)}</Alert> : null}
      {list.data ? (
        <>
          <DataTable
            tableId={`masterData.${props.tableId}`}
            testId={`master-data-table-${props.tableId}`}
            columns={columns}
            data={list.data.rows}
            getRowId={(row) => row.code}
            filter={false}
            maxHeight="60vh"
          />
          <ListPager
            offset={offset}
            count={list.data.rows.length}
            pageSize={masterDataPageSize}
            hasMore={list.data.hasMore}
            busy={list.isFetching}
            onOffset={setOffset}
          />
        </>
      ) : null}
      {creating ? <Form code={null} onClose={() => setCreating(false)} /> : null}
      {editCode ? <Form key={editCode} code={editCode} onClose={() => edit(null)} /> : null}
      {importing ? <ImportModal kind={props.importKind} onClose={() => setImporting(false)} /> : null}
      {toggling ? (
        <ConfirmActiveModal
          code={toggling.code}
          active={!toggling.active}
          busy={busy}
          onConfirm={() => void handleToggle(toggling)}
          onClose={() => setToggling(null)}
        />
      ) : null}
    </section>
  );
}
