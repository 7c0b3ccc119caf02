import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { lookupQueries } from '../../components/object-dialogs/lookup-queries.js';
import {
  countingApproaches,
  maxPerListOf,
  selectableLocationTypes,
  type CountingType,
  type CreatorForm,
} from './counting-list-form.js';

interface Props {
  form: CreatorForm;
  onChange: (form: CreatorForm) => void;
  onPreview: () => void;
  onCreate: () => void;
  busy: boolean;
}

/** The location filter, the split and the counting type of new lists (PROCESSES.md 4.3). */
export function CountingListFilterForm({ form, onChange, onPreview, onCreate, busy }: Props) {
  const { t } = useTranslation('countingListCreator');
  const warehouses = useQuery(lookupQueries.warehouses());
  const set = (patch: Partial<CreatorForm>) => onChange({ ...form, ...patch });
  const text = (name: keyof CreatorForm, testId: string) => (
    <Form.Group as={Col} sm={6} lg={3} className="mb-2" controlId={`cl-${testId}`}>
      <Form.Label className="small mb-0">{t(`form.${name}`)}</Form.Label>
      <Form.Control
        size="sm"
        value={form[name] as string}
        maxLength={100}
        onChange={(event) => set({ [name]: event.target.value })}
        data-testid={`cl-${testId}`}
        {...(name === 'warehouse' ? { list: 'cl-warehouses' } : {})}
      />
    </Form.Group>
  );
  const ready = form.warehouse.trim() !== '';
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
      data-testid="cl-form"
    >
      <datalist id="cl-warehouses">
        {(warehouses.data ?? []).map((warehouse) => (
          <option key={warehouse.code} value={warehouse.code} />
        ))}
      </datalist>
      <Row>
        {text('warehouse', 'warehouse')}
        {text('items', 'items')}
      </Row>
      <Row>
        {text('fromCode', 'from-code')}
        {text('toCode', 'to-code')}
        {text('fromCountingSortingCode', 'from-csc')}
        {text('toCountingSortingCode', 'to-csc')}
      </Row>
      <div className="d-flex flex-wrap gap-3 mb-2 small" data-testid="cl-types">
        <span>{t('form.locationTypes')}</span>
        {selectableLocationTypes.map((type) => (
          <Form.Check
            key={type}
            inline
            id={`cl-type-${type}`}
            label={type}
            checked={form.locationTypes.includes(type)}
            onChange={(event) =>
              set({
                locationTypes: event.target.checked
                  ? [...form.locationTypes, type]
                  : form.locationTypes.filter((other) => other !== type),
              })
            }
          />
        ))}
        <Form.Check
          inline
          id="cl-with-stock"
          label={t('form.withStock')}
          checked={form.withStock}
          onChange={(event) => set({ withStock: event.target.checked })}
          data-testid="cl-with-stock"
        />
      </div>
      <Row className="align-items-end">
        <Form.Group as={Col} sm={4} lg={2} className="mb-2" controlId="cl-max">
          <Form.Label className="small mb-0">{t('form.maxLocationsPerList')}</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            max={5000}
            value={form.maxLocationsPerList}
            isInvalid={maxPerListOf(form) === null}
            onChange={(event) => set({ maxLocationsPerList: event.target.value })}
            data-testid="cl-max"
          />
        </Form.Group>
        <Form.Group as={Col} sm={8} lg={4} className="mb-2" controlId="cl-type">
          <Form.Label className="small mb-0">{t('form.countingType')}</Form.Label>
          <Form.Select
            size="sm"
            value={form.countingType}
            onChange={(event) => set({ countingType: event.target.value as CountingType })}
            data-testid="cl-counting-type"
          >
            {countingApproaches.map((type) => (
              <option key={type} value={type}>
                {t(`countingType.${type}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Col className="mb-2 d-flex gap-2">
          <Button size="sm" variant="outline-primary" type="submit" disabled={busy || !ready} data-testid="cl-preview">
            {t('preview')}
          </Button>
          <Button
            size="sm"
            onClick={onCreate}
            disabled={busy || !ready || maxPerListOf(form) === null}
            data-testid="cl-create"
          >
            {t('create')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
