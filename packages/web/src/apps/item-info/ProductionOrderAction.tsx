import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { lookupEndpoints, productionEndpoints, type Item } from '@wms/contract';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { lookupQueries } from '../../components/object-dialogs/lookup-queries.js';
import { apiQuery, callApi } from '../../platform/api-client.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { refreshItem } from './queries.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';

const plansOf = (itemCode: string) => apiQuery(productionEndpoints.workOrderPlans, { params: { itemCode } });

const salesOrders = (text: string) =>
  queryOptions({
    ...apiQuery(lookupEndpoints.autocompleteOrders, { params: { text } }, { silent: true }),
    select: (orders) => orders.filter((order) => order.type === 'SALES_ORDER'),
    staleTime: 30_000,
  });

/**
 * The production order dialog: the item is fixed; target quantity, warehouse,
 * work order plan of the item, an optional sales order and release after create. One
 * Idempotency-Key per opened dialog, so a retried create makes one order. After success the
 * item's open documents show the new order.
 */
function ProductionOrderDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation('production');
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [quantity, setQuantity] = useState('');
  const [warehouseCode, setWarehouseCode] = useState('');
  const [planCode, setPlanCode] = useState('');
  const [salesOrderCode, setSalesOrderCode] = useState('');
  const [release, setRelease] = useState(false);
  const [busy, setBusy] = useState(false);
  const warehouses = (useQuery(lookupQueries.warehouses()).data ?? []).filter((warehouse) => warehouse.active);
  const plans = useQuery(plansOf(item.code)).data ?? [];
  const salesOrderText = useDebouncedValue(salesOrderCode.trim(), 500);
  const orderSuggestions = useQuery({ ...salesOrders(salesOrderText), enabled: salesOrderText !== '' }).data ?? [];
  const targetQuantity = Number(quantity.trim().replace(',', '.'));
  const valid = Number.isFinite(targetQuantity) && targetQuantity > 0 && warehouseCode !== '' && planCode !== '';

  const handleSubmit = async () => {
    setBusy(true);
    try {
      const created = await callApi(
        productionEndpoints.createOrder,
        {
          body: {
            itemCode: item.code,
            targetQuantity,
            warehouseCode,
            workOrderPlanCode: planCode,
            salesOrderCode: salesOrderCode.trim() || null,
            releaseAfterCreate: release,
          },
        },
        { idempotencyKey },
      );
      notify('success', 'production:order.created', { code: created.code });
      await refreshItem(queryClient, item.code);
      onClose();
    } catch (error) {
      // The HTTP client has shown the server's error (unknownWorkOrderPlan, unknownOrder, ...).
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered fullscreen="sm-down" data-testid="production-order-dialog">
      <Form
        // A flex column, so a full-screen modal (phones) scrolls its body and keeps the footer visible.
        className="d-flex flex-column flex-grow-1 overflow-hidden"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void handleSubmit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('cancel')}>
          <Modal.Title className="h5">{t('order.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-2">
          <Form.Group controlId="production-order-item">
            <Form.Label>{t('order.itemCode')}</Form.Label>
            <Form.Control size="lg" value={`${item.visualCode} ${item.name}`} readOnly plaintext />
          </Form.Group>
          <Form.Group controlId="production-order-quantity">
            <Form.Label>{t('order.targetQuantity')}</Form.Label>
            <Form.Control
              size="lg"
              inputMode="decimal"
              value={quantity}
              isInvalid={quantity !== '' && !(targetQuantity > 0)}
              onChange={(event) => setQuantity(event.target.value)}
              data-testid="production-order-quantity"
            />
          </Form.Group>
          <Form.Group controlId="production-order-warehouse">
            <Form.Label>{t('order.warehouse')}</Form.Label>
            <Form.Select
              size="lg"
              value={warehouseCode}
              onChange={(event) => setWarehouseCode(event.target.value)}
              data-testid="production-order-warehouse"
            >
              <option value="">{t('choose')}</option>
              {warehouses.map((warehouse) => (
                <option key={warehouse.code} value={warehouse.code}>
                  {warehouse.visualCode} {warehouse.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="production-order-plan">
            <Form.Label>{t('order.plan')}</Form.Label>
            <Form.Select
              size="lg"
              value={planCode}
              onChange={(event) => setPlanCode(event.target.value)}
              data-testid="production-order-plan"
            >
              <option value="">{t(plans.length === 0 ? 'order.noPlans' : 'choose')}</option>
              {plans.map((plan) => (
                <option key={plan.code} value={plan.code}>
                  {plan.visualCode} {plan.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="production-order-sales-order">
            <Form.Label>{t('order.salesOrder')}</Form.Label>
            <Form.Control
              size="lg"
              list="production-order-sales-orders"
              autoComplete="off"
              value={salesOrderCode}
              onChange={(event) => setSalesOrderCode(event.target.value)}
              data-testid="production-order-sales-order"
            />
            <datalist id="production-order-sales-orders">
              {orderSuggestions.map((order) => (
                <option key={order.code} value={order.code}>
                  {order.businessPartnerName ?? ''}
                </option>
              ))}
            </datalist>
          </Form.Group>
          <Form.Check
            type="switch"
            id="production-order-release"
            className="fs-5"
            label={t('order.releaseAfterCreate')}
            checked={release}
            onChange={(event) => setRelease(event.target.checked)}
            data-testid="production-order-release"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={!valid || busy} data-testid="production-order-submit">
            {t('order.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Item info action (role itemAuthCreateProductionOrder): opens the production order dialog. */
export function ProductionOrderAction({ item }: { item: Item }) {
  const { t } = useTranslation('production');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" size="lg" onClick={() => setOpen(true)} data-testid="create-production-order">
        <i className="bi bi-gear-wide-connected me-2" aria-hidden="true" />
        {t('order.open')}
      </Button>
      {open ? <ProductionOrderDialog item={item} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
