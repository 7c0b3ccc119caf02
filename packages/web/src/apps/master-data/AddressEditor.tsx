import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { AddressValues } from './address-form-values.js';
import { useFieldErrorText } from './form-errors.js';
import type { FieldError, FieldErrors } from './form-values.js';
import { FormField } from './FormField.js';

interface AddressEditorProps {
  initial: AddressValues;
  /** A new address: its code is typed here. */
  creating: boolean;
  errors: FieldErrors;
  alert: FieldError | null;
  saving: boolean;
  onSave: (values: AddressValues) => void;
  onCancel: () => void;
}

const texts = ['name', 'street', 'postcode', 'city', 'countryCode'] as const;
const prefix = 'master-data-address';

/** One address of a business partner, edited in place below the partner's fields. */
export function AddressEditor({ initial, creating, errors, alert, saving, onSave, onCancel }: AddressEditorProps) {
  const { t } = useTranslation(['masterData', 'common']);
  const errorText = useFieldErrorText();
  const [values, setValues] = useState(initial);
  const set = <K extends keyof AddressValues>(name: K, value: AddressValues[K]) =>
    setValues((old) => ({ ...old, [name]: value }));

  return (
    <Card className="mb-3" data-testid="master-data-address-editor">
      <Card.Body
        onKeyDown={(event) => {
          // Enter saves the address, not the partner's form around it.
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
            event.preventDefault();
            onSave(values);
          }
        }}
      >
        <Card.Title className="h6">
          {creating ? t('addresses.newTitle') : t('addresses.editTitle', { code: initial.code })}
        </Card.Title>
        {alert ? (
          <div className="alert alert-danger py-2" data-testid="master-data-address-alert">
            {errorText(alert)}
          </div>
        ) : null}
        <Row>
          <FormField
            idPrefix={prefix}
            name="code"
            label={t('field.addressCode')}
            value={values.code}
            onChange={(value) => set('code', value)}
            error={errors.code}
            disabled={!creating}
            required
          />
          {texts.map((name) => (
            <FormField
              key={name}
              idPrefix={prefix}
              name={name}
              label={t(`field.${name}`)}
              value={values[name]}
              onChange={(value) => set(name, value)}
              error={errors[name]}
              maxLength={name === 'countryCode' ? 2 : undefined}
            />
          ))}
          <FormField
            kind="check"
            idPrefix={prefix}
            name="isDefaultShipTo"
            label={t('field.isDefaultShipTo')}
            value={values.isDefaultShipTo}
            onChange={(value) => set('isDefaultShipTo', value)}
            error={errors.isDefaultShipTo}
          />
          <FormField
            kind="check"
            idPrefix={prefix}
            name="active"
            label={t('field.active')}
            value={values.active}
            onChange={(value) => set('active', value)}
            error={errors.active}
          />
        </Row>
        <div className="d-flex gap-2 justify-content-end">
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button size="sm" disabled={saving} onClick={() => onSave(values)} data-testid="master-data-address-save">
            {saving ? <Spinner size="sm" className="me-2" /> : null}
            {t('addresses.save')}
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
