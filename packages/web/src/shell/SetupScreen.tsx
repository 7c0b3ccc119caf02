import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaKey, configEndpoints, erpTypes, operationModes, type ErpType, type OperationMode } from '@wms/contract';
import { callApi } from '../platform/api-client.js';
import { failureText } from './login/failure-text.js';

/**
 * First run for an admin: ERP type (NONE runs standalone), warehouse name and
 * operation mode; POST /api/v1/config/setup, then the config is reloaded and the shell opens.
 */
export function SetupScreen() {
  const { t, i18n } = useTranslation('login');
  const queryClient = useQueryClient();
  const [erpType, setErpType] = useState<ErpType>('NONE');
  const [warehouseName, setWarehouseName] = useState('');
  const [operationMode, setOperationMode] = useState<OperationMode>('NORMAL');
  const [nameInvalid, setNameInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!warehouseName.trim()) {
      setNameInvalid(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await callApi(
        configEndpoints.setup,
        { body: { erpType, warehouseName: warehouseName.trim(), operationMode } },
        { silent: true },
      );
      await queryClient.invalidateQueries({ queryKey: areaKey('config') });
    } catch (error) {
      setFailure(failureText(t, (key) => i18n.exists(key), error));
      setBusy(false);
    }
  };

  return (
    <div className="d-flex justify-content-center p-2 p-sm-4" style={{ minHeight: '100dvh' }}>
      <Card className="w-100 align-self-start" style={{ maxWidth: '32rem' }} data-testid="setup-screen">
        <Card.Body>
          <Card.Title as="h1" className="h4">
            {t('setupTitle', { ns: 'common' })}
          </Card.Title>
          <p className="text-body-secondary">{t('setup.intro')}</p>
          <Form noValidate onSubmit={(event) => void submit(event)}>
            <Form.Group className="mb-3" controlId="setup-erp-type">
              <Form.Label>{t('erpType', { ns: 'common' })}</Form.Label>
              <Form.Select value={erpType} onChange={(event) => setErpType(event.target.value as ErpType)}>
                {erpTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`setup.erpTypes.${type}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId="setup-warehouse-name">
              <Form.Label>{t('warehouseName', { ns: 'common' })}</Form.Label>
              <Form.Control
                value={warehouseName}
                maxLength={200}
                isInvalid={nameInvalid}
                onChange={(event) => {
                  setWarehouseName(event.target.value);
                  setNameInvalid(false);
                }}
              />
              <Form.Control.Feedback type="invalid">{t('setup.warehouseNameRequired')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="setup-operation-mode">
              <Form.Label>{t('operationMode', { ns: 'common' })}</Form.Label>
              <Form.Select
                value={operationMode}
                onChange={(event) => setOperationMode(event.target.value as OperationMode)}
              >
                {operationModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`setup.operationModes.${mode}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {failure !== null && <Alert variant="danger">{failure}</Alert>}
            <Button type="submit" disabled={busy} className="w-100">
              {busy && <Spinner size="sm" className="me-2" />}
              {t('setup.submit')}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
