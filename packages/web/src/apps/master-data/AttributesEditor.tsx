import type { BinLocationAttribute } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './form-errors.js';
import type { FieldError } from './form-values.js';

interface AttributesEditorProps {
  attributes: BinLocationAttribute[];
  onChange: (attributes: BinLocationAttribute[]) => void;
  error?: FieldError;
}

/** A location's user attributes: name and value rows, added and removed here (saved with the form). */
export function AttributesEditor({ attributes, onChange, error }: AttributesEditorProps) {
  const { t } = useTranslation('masterData');
  const errorText = useFieldErrorText();
  const change = (index: number, part: Partial<BinLocationAttribute>) =>
    onChange(attributes.map((attribute, at) => (at === index ? { ...attribute, ...part } : attribute)));

  return (
    <fieldset className="col-12 mb-3" data-testid="master-data-attributes">
      <legend className="h6">{t('section.attributes')}</legend>
      {attributes.length === 0 ? <p className="text-body-secondary small mb-2">{t('attributes.empty')}</p> : null}
      {attributes.map((attribute, index) => (
        <InputGroup key={index} className="mb-2">
          <Form.Control
            aria-label={t('attributes.name')}
            placeholder={t('attributes.name')}
            value={attribute.name}
            maxLength={100}
            isInvalid={Boolean(error)}
            onChange={(event) => change(index, { name: event.target.value })}
            data-testid={`master-data-attribute-name-${index}`}
          />
          <Form.Control
            aria-label={t('attributes.value')}
            placeholder={t('attributes.value')}
            value={attribute.value}
            maxLength={200}
            onChange={(event) => change(index, { value: event.target.value })}
            data-testid={`master-data-attribute-value-${index}`}
          />
          <Button
            variant="outline-danger"
            aria-label={t('attributes.remove')}
            title={t('attributes.remove')}
            onClick={() => onChange(attributes.filter((_attribute, at) => at !== index))}
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </Button>
        </InputGroup>
      ))}
      {error ? (
        <div className="invalid-feedback d-block" data-testid="master-data-attributes-error">
          {errorText(error)}
        </div>
      ) : null}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => onChange([...attributes, { name: '', value: '' }])}
        data-testid="master-data-attribute-add"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('attributes.add')}
      </Button>
    </fieldset>
  );
}
