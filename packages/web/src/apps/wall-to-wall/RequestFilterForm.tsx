import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { lookupQueries } from '../../components/object-dialogs/lookup-queries.js';
import { canPreview, canRequest, daysOf, type RequestForm } from './request-form.js';

interface Props {
  form: RequestForm;
  onChange: (form: RequestForm) => void;
  onPreview: () => void;
  onRequest: () => void;
  busy: boolean;
}

type TextField = Exclude<keyof RequestForm, 'state' | 'items'>;

/** The location filter and the counting state to set (PROCESSES.md 4.2, /wall_to_wall/request). */
export function RequestFilterForm({ form, onChange, onPreview, onRequest, busy }: Props) {
  const { t } = useTranslation('wallToWall');
  const warehouses = useQuery(lookupQueries.warehouses());
  const set = (patch: Partial<RequestForm>) => onChange({ ...form, ...patch });
  const text = (name: TextField, extra: { invalid?: boolean; list?: string; type?: string } = {}) => (
    <Form.Group as={Col} sm={6} lg={3} className="mb-2" controlId={`w2wr-${name}`}>
      <Form.Label className="small mb-0">{t(`request.form.${name}`)}</Form.Label>
      <Form.Control
        size="sm"
        value={form[name]}
        maxLength={100}
        type={extra.type ?? 'text'}
        isInvalid={extra.invalid ?? false}
        onChange={(event) => set({ [name]: event.target.value })}
        data-testid={`w2wr-${name}`}
        {...(extra.list ? { list: extra.list } : {})}
      />
    </Form.Group>
  );
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
      data-testid="w2wr-form"
    >
      <datalist id="w2wr-warehouses">
        {(warehouses.data ?? []).map((warehouse) => (
          <option key={warehouse.code} value={warehouse.code} />
        ))}
      </datalist>
      <Row>
        {text('warehouse', { list: 'w2wr-warehouses' })}
        {text('codeFrom')}
        {text('codeTo')}
        {text('sortingCode')}
      </Row>
      <Row>
        {text('zone')}
        {text('holdingItem')}
        {text('notCountedForDays', { type: 'number', invalid: daysOf(form) === null })}
      </Row>
      <div className="d-flex flex-wrap gap-3 mb-2 small" role="radiogroup" aria-label={t('request.form.state')}>
        <span>{t('request.form.state')}</span>
        {(['YES', 'PARTIAL'] as const).map((state) => (
          <Form.Check
            key={state}
            inline
            type="radio"
            name="w2wr-state"
            id={`w2wr-state-${state}`}
            label={t(`state.${state}`)}
            checked={form.state === state}
            onChange={() => set({ state })}
            data-testid={`w2wr-state-${state}`}
          />
        ))}
      </div>
      {form.state === 'PARTIAL' ? (
        <Form.Group className="mb-2" controlId="w2wr-items">
          <Form.Label className="small mb-0">{t('request.form.items')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            size="sm"
            value={form.items}
            onChange={(event) => set({ items: event.target.value })}
            data-testid="w2wr-items"
          />
        </Form.Group>
      ) : null}
      <div className="d-flex gap-2 mb-2">
        <Button
          size="sm"
          variant="outline-primary"
          type="submit"
          disabled={busy || !canPreview(form)}
          data-testid="w2wr-preview"
        >
          {t('request.preview')}
        </Button>
        <Button size="sm" onClick={onRequest} disabled={busy || !canRequest(form)} data-testid="w2wr-submit">
          {t('request.submit')}
        </Button>
      </div>
    </Form>
  );
}
