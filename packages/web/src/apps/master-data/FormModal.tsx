import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useFieldErrorText } from './form-errors.js';
import type { FieldError } from './form-values.js';

interface FormModalProps {
  title: string;
  testId: string;
  /** The form's values are not there yet (the record loads). */
  loading: boolean;
  loadError: unknown;
  /** A refusal that names no field of the form, or the stale-version conflict. */
  alert: FieldError | null;
  saving: boolean;
  /** The save turns an active record inactive: it asks first (destructive actions ask). */
  deactivating?: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The modal around a master data form: its title, the message above it, Save and Cancel. */
export function FormModal(props: FormModalProps) {
  const { t } = useTranslation(['masterData', 'common']);
  const errorText = useErrorText();
  const fieldErrorText = useFieldErrorText();
  const [confirming, setConfirming] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (props.saving || props.loading) return;
    if (props.deactivating && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    props.onSave();
  };

  const body = () => {
    if (props.loadError) return <Alert variant="danger">{errorText(props.loadError)}</Alert>;
    if (props.loading) return <Spinner role="status" aria-label={t('common:loading')} />;
    return <Row>{props.children}</Row>;
  };

  return (
    <Modal show onHide={props.onClose} size="lg" fullscreen="md-down" backdrop="static" data-testid={props.testId}>
      <Form onSubmit={handleSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title className="h5">{props.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {props.alert ? (
            <Alert variant="danger" data-testid="master-data-form-alert">
              {fieldErrorText(props.alert)}
            </Alert>
          ) : null}
          {body()}
        </Modal.Body>
        <Modal.Footer>
          {confirming ? (
            <span className="me-auto text-danger" data-testid="master-data-confirm-deactivate">
              {t('form.confirmDeactivate')}
            </span>
          ) : null}
          <Button
            variant="secondary"
            onClick={confirming ? () => setConfirming(false) : props.onClose}
            data-testid="master-data-form-cancel"
          >
            {t(confirming ? 'common:back' : 'common:cancel')}
          </Button>
          <Button
            type="submit"
            variant={confirming ? 'danger' : 'primary'}
            disabled={props.saving || props.loading || Boolean(props.loadError)}
            data-testid="master-data-form-save"
          >
            {props.saving ? <Spinner size="sm" className="me-2" /> : null}
            {t(confirming ? 'form.deactivateAndSave' : 'common:save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
