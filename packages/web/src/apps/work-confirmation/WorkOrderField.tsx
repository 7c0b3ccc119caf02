import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import { productionQueries } from './work-time-api.js';

/** The autocomplete asks once typing has rested 500 ms. */
export const workOrderDebounceMs = 500;

/**
 * The work order of an entry: typed or scanned; typing lists up to 10 orders (code, visual code
 * or produced item contains the text) to pick from.
 */
export function WorkOrderField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation('production');
  const [typing, setTyping] = useState(false);
  const search = useDebouncedValue(value.trim(), workOrderDebounceMs);
  const suggestions = useQuery({ ...productionQueries.workOrders(search), enabled: typing && search !== '' });
  const shown = typing && value.trim() !== '' ? (suggestions.data ?? []) : [];

  return (
    <Form.Group className="mb-2 position-relative" controlId="work-time-order">
      <Form.Label>{t('field.workOrder')}</Form.Label>
      <Form.Control
        value={value}
        autoComplete="off"
        size="lg"
        onChange={(event) => {
          setTyping(true);
          onChange(event.target.value);
        }}
        onBlur={() => setTimeout(() => setTyping(false), 200)}
        data-testid="work-time-order"
      />
      {shown.length > 0 ? (
        <ListGroup
          className="position-absolute w-100 shadow"
          style={{ zIndex: 5 }}
          data-testid="work-order-suggestions"
        >
          {shown.map((order) => (
            <ListGroup.Item
              key={order.code}
              action
              className="py-2"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setTyping(false);
                onChange(order.code);
              }}
              data-testid="work-order-suggestion"
            >
              <span className="fw-semibold">{order.visualCode}</span>{' '}
              <span className="text-body-secondary">
                {order.producedItem.visualCode} {order.producedItem.name}
              </span>
              {order.status !== 'RELEASED' ? (
                <span className="badge text-bg-secondary ms-2">{t(`status.${order.status}`)}</span>
              ) : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
    </Form.Group>
  );
}
