import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { binLocationEndpoints, locationTypes, workTypes, type BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { ActionSection } from './ActionSection.js';
import { useLocationEdit } from './useLocationEdit.js';

interface TypeSelectProps<T extends string> {
  label: string;
  options: readonly T[];
  optionKey: string;
  current: T;
  busy: boolean;
  testId: string;
  onSave: (value: T) => void;
}

function TypeSelect<T extends string>({
  label,
  options,
  optionKey,
  current,
  busy,
  testId,
  onSave,
}: TypeSelectProps<T>) {
  const { t } = useTranslation('objects');
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  return (
    <Form.Group className="mb-2">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <InputGroup size="lg">
        <Form.Select value={value} onChange={(event) => setValue(event.target.value as T)} data-testid={testId}>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`${optionKey}.${option}`)}
            </option>
          ))}
        </Form.Select>
        <Button disabled={busy || value === current} onClick={() => onSave(value)} data-testid={`${testId}-save`}>
          {t('common:save')}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}

/** Location type (POST {code}/type/{type}) and physical location type (POST {code}/physical_type/{type}). */
export function TypeActions({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const { run, busy } = useLocationEdit(location.code);
  const success = 'objects:location.barcodeOrTypeChanged';
  const params = { code: location.code };
  return (
    <ActionSection title={t('location.action.types')} testId="action-types">
      <TypeSelect
        label={t('field.locationType')}
        options={workTypes}
        optionKey="locationType"
        current={location.locationType}
        busy={busy}
        testId="location-type"
        onSave={(type) =>
          void run(() => callApi(binLocationEndpoints.setLocationType, { params: { ...params, type } }), success)
        }
      />
      <TypeSelect
        label={t('field.physicalLocationType')}
        options={locationTypes}
        optionKey="physicalLocationType"
        current={location.physicalLocationType}
        busy={busy}
        testId="physical-location-type"
        onSave={(type) =>
          void run(
            () => callApi(binLocationEndpoints.setPhysicalLocationType, { params: { ...params, type } }),
            success,
          )
        }
      />
    </ActionSection>
  );
}
