import { useQueryClient } from '@tanstack/react-query';
import type { PickListCreateAnswer } from '@wms/contract';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { ApiError } from '../../platform/http.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import { CreateAnswerView } from './CreateAnswerView.js';
import {
  createRequestOf,
  emptyCreateForm,
  maxCreateLines,
  planningFiltersOf,
  type CreateForm,
} from './create-request.js';
import { CreationLockPanel } from './CreationLockPanel.js';
import { isRefusal, shownArgs } from './picklist-failure.js';
import { WarehouseOptions } from './PicklistFilterBar.js';
import { pickListApi, pickListsKey, planningKey } from './picklists-api.js';
import { PlanningLinesPicker, type PlanningFilters } from './PlanningLinesPicker.js';

/**
 * Create pick lists (picklistGenerator): for a warehouse, every open sales order line matching a
 * customer, route or ship date, or the lines checked in the planning area. Shows the creation lock
 * and, after the run, the lists made and the backorders; a run refused by the lock
 * (picklistCreationLocked) names its holder.
 */
export function CreatePicklistDialog({ initialWarehouse, onClose }: { initialWarehouse: string; onClose: () => void }) {
  const { t } = useTranslation(['picklists', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CreateForm>({ ...emptyCreateForm, warehouse: initialWarehouse });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [answer, setAnswer] = useState<PickListCreateAnswer | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<CreateForm>) => setForm((old) => ({ ...old, ...changes }));
  // Debounced as text: a new object each render would never settle.
  const planningText = useDebouncedValue(JSON.stringify(planningFiltersOf(form)), 300);
  const planning = useMemo(() => JSON.parse(planningText) as PlanningFilters, [planningText]);
  const warehouse = useDebouncedValue(form.warehouse.trim(), 300);
  const mayCreate = form.warehouse.trim() !== '' && (form.mode === 'filters' || selected.size > 0);

  const handleCreate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setAnswer(await pickListApi.create(createRequestOf(form, selected)));
      setSelected(new Set());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error);
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pickListsKey }),
        queryClient.invalidateQueries({ queryKey: planningKey }),
      ]);
    }
  };

  const failureText = (error: ApiError) =>
    isRefusal(error, 'picklistCreationLocked') ? t('lock.heldBy', shownArgs(error.args)) : errorText(error);

  return (
    <Modal show onHide={onClose} size="xl" fullscreen="md-down" data-testid="picklist-create-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('create.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Form.Group style={{ minWidth: '8rem' }}>
            <Form.Label>{t('filter.warehouse')}</Form.Label>
            <Form.Control
              value={form.warehouse}
              onChange={(event) => set({ warehouse: event.target.value })}
              list="picklist-create-warehouses"
              required
              data-testid="create-warehouse"
            />
            <WarehouseOptions id="picklist-create-warehouses" />
          </Form.Group>
          <Form.Group style={{ minWidth: '8rem' }}>
            <Form.Label>{t('filter.customer')}</Form.Label>
            <Form.Control
              value={form.customer}
              onChange={(event) => set({ customer: event.target.value })}
              data-testid="create-customer"
            />
          </Form.Group>
          <Form.Group style={{ minWidth: '7rem' }}>
            <Form.Label>{t('column.route')}</Form.Label>
            <Form.Control
              value={form.route}
              onChange={(event) => set({ route: event.target.value })}
              data-testid="create-route"
            />
          </Form.Group>
          <Form.Group>
            <Form.Label>{t('create.shipDateTo')}</Form.Label>
            <Form.Control
              type="date"
              value={form.shipDateTo}
              onChange={(event) => set({ shipDateTo: event.target.value })}
              data-testid="create-ship-date"
            />
          </Form.Group>
          <Form.Group>
            <Form.Label>{t('create.groupBy')}</Form.Label>
            <Form.Select
              value={form.groupBy}
              onChange={(event) => set({ groupBy: event.target.value as CreateForm['groupBy'] })}
              data-testid="create-group-by"
            >
              <option value="ORDER">{t('create.groupByOrder')}</option>
              <option value="CUSTOMER_SHIP_TO">{t('create.groupByCustomer')}</option>
            </Form.Select>
          </Form.Group>
          <Form.Group style={{ maxWidth: '7rem' }}>
            <Form.Label>{t('column.priority')}</Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={1000}
              value={form.priority}
              onChange={(event) => set({ priority: event.target.value })}
              data-testid="create-priority"
            />
          </Form.Group>
        </div>
        <CreationLockPanel warehouse={warehouse} />
        <Form.Check
          type="switch"
          id="picklist-create-mode"
          label={t('create.fromPlanning')}
          checked={form.mode === 'lines'}
          onChange={(event) => set({ mode: event.target.checked ? 'lines' : 'filters' })}
          className="mb-2"
          data-testid="create-mode-lines"
        />
        {form.mode === 'lines' ? (
          <>
            <PlanningLinesPicker filters={planning} selected={selected} onSelected={setSelected} />
            <small className="text-body-secondary">
              {t('create.selected', { count: selected.size, max: maxCreateLines })}
            </small>
          </>
        ) : (
          <p className="text-body-secondary">{t('create.byFilters')}</p>
        )}
        {failure ? (
          <Alert variant="danger" className="mt-2" data-testid="picklist-create-failure">
            {failureText(failure)}
          </Alert>
        ) : null}
        {answer ? <CreateAnswerView answer={answer} /> : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="lg" disabled={!mayCreate || busy} onClick={() => void handleCreate()} data-testid="create-submit">
          {t('create.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
