import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { binLocationEndpoints, type BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { ActionSection } from './ActionSection.js';
import { useLocationEdit } from './useLocationEdit.js';

/** Sets (or, empty, clears) the location's barcode: POST {code}/barcode. */
export function BarcodeAction({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const { run, busy } = useLocationEdit(location.code);
  const [barcode, setBarcode] = useState(location.barcode ?? '');
  useEffect(() => setBarcode(location.barcode ?? ''), [location.barcode]);
  const unchanged = barcode.trim() === (location.barcode ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () =>
        callApi(binLocationEndpoints.setBarcode, {
          params: { code: location.code },
          body: { barcode: barcode.trim() || null },
        }),
      'objects:location.barcodeOrTypeChanged',
    );
  };

  return (
    <ActionSection title={t('location.action.barcode')} testId="action-barcode">
      <Form onSubmit={submit}>
        <InputGroup size="lg">
          <Form.Control
            value={barcode}
            onChange={(event) => setBarcode(event.target.value)}
            aria-label={t('field.barcode')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="location-barcode-input"
          />
          <Button type="submit" disabled={busy || unchanged} data-testid="location-barcode-save">
            {t('common:save')}
          </Button>
        </InputGroup>
      </Form>
    </ActionSection>
  );
}
