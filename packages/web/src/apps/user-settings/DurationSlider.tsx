import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface DurationSliderProps {
  id: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/** A duration in milliseconds: a slider for the hand, a number field for the exact value. */
export function DurationSlider({ id, value, min, max, onChange }: DurationSliderProps) {
  const { t } = useTranslation('userSettings');
  const clamp = (next: number) => Math.min(max, Math.max(min, Math.round(next)));
  return (
    <div className="d-flex flex-column flex-sm-row gap-2 align-items-sm-center">
      <Form.Range
        id={id}
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(clamp(Number(event.target.value)))}
        className="flex-grow-1"
      />
      <InputGroup className="flex-shrink-0" style={{ maxWidth: '12rem' }}>
        <Form.Control
          type="number"
          min={min}
          max={max}
          step={1}
          value={value}
          aria-label={t('milliseconds')}
          data-testid={`${id}-value`}
          onChange={(event) => {
            const next = Number(event.target.value);
            if (Number.isFinite(next) && event.target.value !== '') onChange(clamp(next));
          }}
        />
        <InputGroup.Text>{t('ms')}</InputGroup.Text>
      </InputGroup>
    </div>
  );
}
