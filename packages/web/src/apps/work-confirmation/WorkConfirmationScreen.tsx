import { useQuery } from '@tanstack/react-query';
import type { WorkTimeEntry } from '@wms/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { onOpenWorkTimes } from '../../components/scanner/scanner-events.js';
import { runningEntries, type WorkTimeScope } from '../../components/time-measurements/time-measurement-queries.js';
import { productionQueries } from './work-time-api.js';
import { TimeMeasurementsModal } from '../../components/time-measurements/TimeMeasurementsModal.js';
import { useWorkTimeActions } from './useWorkTimeActions.js';
import { useWorkTimesLive } from './useWorkTimesLive.js';
import { WorkTimeEditDialog } from './WorkTimeEditDialog.js';
import { WorkTimeTable } from './WorkTimeTable.js';
import './work-confirmation.css';

/** The edit dialog's state: closed, a new entry, or an existing one. */
type Editing = { entry: WorkTimeEntry | null } | null;

/**
 * Work confirmation (own entries) and its verification (everyone's, with a user column):
 * New, Flush (the selected entries, or every unflushed one), the time measurements modal (also
 * opened by the `_be_open_work_times_` scan), the table and the edit dialog. Live:
 * /topic/production/timer refreshes it.
 */
export function WorkConfirmationScreen({ scope }: { scope: WorkTimeScope }) {
  const { t } = useTranslation('production');
  useWorkTimesLive();
  const entries = useQuery(productionQueries.workTimes(scope)).data;
  const actions = useWorkTimeActions();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [timersShown, setTimersShown] = useState(false);
  useEffect(() => onOpenWorkTimes(() => setTimersShown(true)), []);
  // The `_be_open_work_times_` scan elsewhere came here with this state: show the timers once.
  const location = useLocation();
  const navigate = useNavigate();
  const openedByScan = (location.state as { openWorkTimes?: boolean } | null)?.openWorkTimes === true;
  useEffect(() => {
    if (!openedByScan) return;
    setTimersShown(true);
    void navigate('.', { replace: true, state: null });
  }, [openedByScan, navigate]);

  const rows = useMemo(() => entries ?? [], [entries]);
  const running = useMemo(() => runningEntries(rows), [rows]);
  const unflushed = useMemo(() => rows.filter((entry) => !entry.flushed), [rows]);
  const selectedIds = unflushed.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const toFlush = selectedIds.length > 0 ? selectedIds : unflushed.map((entry) => entry.id);

  const handleToggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const handleEdit = useCallback((entry: WorkTimeEntry) => setEditing({ entry }), []);
  const { stop, flush } = actions;
  const handleStop = useCallback((entry: WorkTimeEntry) => void stop(entry.id), [stop]);
  const handleFlush = async () => {
    if ((await flush(toFlush)) !== null) setSelected(new Set());
  };

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid={`work-confirmation-${scope}`}>
      <h1 className="h4 mb-3">{t(scope === 'own' ? 'title.own' : 'title.all')}</h1>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button size="lg" variant="primary" onClick={() => setEditing({ entry: null })} data-testid="work-time-new">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('new')}
        </Button>
        <Button size="lg" variant="outline-primary" onClick={() => setTimersShown(true)} data-testid="work-time-timers">
          <i className="bi bi-stopwatch me-1" aria-hidden="true" />
          {t('timers.open')}{' '}
          <Badge bg={running.length > 0 ? 'danger' : 'secondary'} data-testid="running-count">
            {running.length}
          </Badge>
        </Button>
        <Button
          size="lg"
          variant="success"
          disabled={actions.busy || toFlush.length === 0}
          onClick={() => void handleFlush()}
          data-testid="work-time-flush"
        >
          <i className="bi bi-send-check me-1" aria-hidden="true" />
          {selectedIds.length > 0
            ? t('flushSelected', { count: selectedIds.length })
            : t('flushAll', { count: toFlush.length })}
        </Button>
      </div>
      <WorkTimeTable
        scope={scope}
        entries={rows}
        selected={selected}
        onToggle={handleToggle}
        onEdit={handleEdit}
        onStop={handleStop}
        busy={actions.busy}
      />
      {editing ? (
        <WorkTimeEditDialog
          key={editing.entry?.id ?? 'new'}
          entry={editing.entry}
          scope={scope}
          actions={actions}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {timersShown ? (
        <TimeMeasurementsModal
          running={running}
          showUser={scope === 'all'}
          busy={actions.busy}
          onStop={handleStop}
          onClose={() => setTimersShown(false)}
        />
      ) : null}
    </Container>
  );
}
