import { maxUserApiParams } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import type { UserApiParamDraft } from './command-draft.js';
import type { FieldsProps } from './field-props.js';

/**
 * A user API call: the path inside this application (`{param1}` and `{param2}` are replaced by
 * the answers to the prompts), GET or POST, a JSON payload, whether to confirm first (with an own
 * question or the scanner bar's), and up to two prompted parameters.
 */
export function UserApiFields({ draft, onChange, errorOf }: FieldsProps) {
  const { t } = useTranslation('actionBarcodes');
  const setParam = (index: number, changes: Partial<UserApiParamDraft>) =>
    onChange({ params: draft.params.map((param, at) => (at === index ? { ...param, ...changes } : param)) });
  const urlError = errorOf('url');
  const payloadError = errorOf('payload');
  const paramsError = errorOf('params');
  return (
    <>
      <Form.Group className="mb-3" controlId="action-barcode-url">
        <Form.Label>{t('field.url')}</Form.Label>
        <InputGroup hasValidation>
          <Form.Select
            value={draft.method}
            onChange={(event) => onChange({ method: event.target.value === 'POST' ? 'POST' : 'GET' })}
            aria-label={t('field.method')}
            style={{ maxWidth: '7rem' }}
          >
            <option value="GET">GET</option>
            <option value="POST">POST</option>
          </Form.Select>
          <Form.Control
            value={draft.url}
            onChange={(event) => onChange({ url: event.target.value })}
            isInvalid={urlError !== null}
            className="font-monospace"
          />
          {urlError !== null ? <Form.Control.Feedback type="invalid">{urlError}</Form.Control.Feedback> : null}
        </InputGroup>
        <Form.Text>{t('field.urlHint', { param1: '{param1}', param2: '{param2}' })}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="action-barcode-payload">
        <Form.Label>{t('field.payload')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={draft.payload}
          onChange={(event) => onChange({ payload: event.target.value })}
          isInvalid={payloadError !== null}
          className="font-monospace"
          spellCheck={false}
        />
        {payloadError !== null ? <Form.Control.Feedback type="invalid">{payloadError}</Form.Control.Feedback> : null}
      </Form.Group>
      <Form.Check
        type="switch"
        id="action-barcode-confirm"
        className="mb-2"
        label={t('field.confirm')}
        checked={draft.confirm}
        onChange={(event) => onChange({ confirm: event.target.checked })}
      />
      {draft.confirm ? (
        <Form.Group className="mb-3" controlId="action-barcode-confirm-question">
          <Form.Label>{t('field.confirmQuestion')}</Form.Label>
          <Form.Control
            value={draft.confirmQuestion}
            onChange={(event) => onChange({ confirmQuestion: event.target.value })}
            placeholder={t('field.confirmQuestionPlaceholder')}
          />
        </Form.Group>
      ) : null}
      <fieldset className="mb-3">
        <legend className="fs-6">{t('field.params')}</legend>
        {draft.params.map((param, index) => (
          <InputGroup key={index} className="mb-2" size="sm">
            <InputGroup.Text>{`{param${index + 1}}`}</InputGroup.Text>
            <Form.Control
              value={param.label}
              onChange={(event) => setParam(index, { label: event.target.value })}
              placeholder={t('field.paramLabel')}
              aria-label={t('field.paramLabel')}
              isInvalid={paramsError !== null && param.label.trim() === ''}
            />
            <Form.Control
              value={param.defaultValue}
              onChange={(event) => setParam(index, { defaultValue: event.target.value })}
              placeholder={t('field.paramDefault')}
              aria-label={t('field.paramDefault')}
            />
            <Button
              variant="outline-secondary"
              onClick={() => onChange({ params: draft.params.filter((_, at) => at !== index) })}
              aria-label={t('field.removeParam')}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </Button>
          </InputGroup>
        ))}
        {paramsError !== null ? <div className="small text-danger mb-2">{paramsError}</div> : null}
        {draft.params.length < maxUserApiParams ? (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => onChange({ params: [...draft.params, { label: '', defaultValue: '' }] })}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('field.addParam')}
          </Button>
        ) : null}
      </fieldset>
    </>
  );
}
