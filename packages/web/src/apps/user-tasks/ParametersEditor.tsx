import { visibleParameterNames } from '@wms/contract';
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ParametersEditorProps {
  value: Record<string, string>;
  onChange: (parameters: Record<string, string>) => void;
  /** Task creation: only the values of the visible parameters (names starting with _ are hidden). */
  valuesOnly?: boolean;
}

/** Template parameters: name and value rows ({name} in title and text is replaced by the value). */
export function ParametersEditor({ value, onChange, valuesOnly = false }: ParametersEditorProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const [newName, setNewName] = useState('');
  const names = valuesOnly ? visibleParameterNames(value) : Object.keys(value);
  const validName = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(newName) && !Object.hasOwn(value, newName);
  if (valuesOnly && names.length === 0) return null;
  return (
    <div className="d-grid gap-2" data-testid="parameters-editor">
      {names.map((name) => (
        <Form.Group key={name} controlId={`parameter-${name}`}>
          <InputGroup>
            <InputGroup.Text>{name}</InputGroup.Text>
            <Form.Control
              value={value[name] ?? ''}
              maxLength={1000}
              onChange={(e) => onChange({ ...value, [name]: e.target.value })}
              data-testid={`parameter-${name}`}
            />
            {!valuesOnly && (
              <Button
                variant="outline-danger"
                aria-label={t('common:delete')}
                onClick={() => onChange(Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)))}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            )}
          </InputGroup>
        </Form.Group>
      ))}
      {!valuesOnly && (
        <InputGroup>
          <Form.Control
            value={newName}
            placeholder={t('parameterName')}
            aria-label={t('parameterName')}
            onChange={(e) => setNewName(e.target.value.trim())}
            data-testid="parameter-new-name"
          />
          <Button
            variant="outline-primary"
            disabled={!validName}
            onClick={() => {
              onChange({ ...value, [newName]: '' });
              setNewName('');
            }}
            data-testid="parameter-add"
          >
            <i className="bi bi-plus-lg" aria-hidden="true" /> {t('addParameter')}
          </Button>
        </InputGroup>
      )}
    </div>
  );
}
