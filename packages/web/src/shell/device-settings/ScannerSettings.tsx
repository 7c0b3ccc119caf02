import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { clampRepeatWindow, repeatWindowLimits } from '../../platform/scanner-windows.js';

interface Props {
  repeatWindowMs: number;
  onChange: (next: { scannerRepeatWindowMs: number }) => void;
}

/**
 * The scanner's double-read window where a repeated scan counts (counting by scanning, "scan it
 * again"): a scanner reading one label twice does it faster than this; a person scanning again
 * does not. Elsewhere the spec's 1 s rule holds.
 */
export function ScannerSettings({ repeatWindowMs, onChange }: Props) {
  const { t } = useTranslation('device');
  const [text, setText] = useState(String(repeatWindowMs));
  return (
    <Form.Group className="mb-3" controlId="device-scanner-repeat-window">
      <Form.Label>{t('scanner.repeatWindow')}</Form.Label>
      <InputGroup>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={repeatWindowLimits.min}
          max={repeatWindowLimits.max}
          step={10}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '' && Number.isFinite(Number(event.target.value)))
              onChange({ scannerRepeatWindowMs: clampRepeatWindow(event.target.value) });
          }}
          onBlur={() => {
            const value = clampRepeatWindow(text);
            setText(String(value));
            onChange({ scannerRepeatWindowMs: value });
          }}
          aria-describedby="device-scanner-repeat-window-help"
          data-testid="scanner-repeat-window"
        />
        <InputGroup.Text>ms</InputGroup.Text>
      </InputGroup>
      <Form.Text id="device-scanner-repeat-window-help">{t('scanner.repeatWindowHelp')}</Form.Text>
    </Form.Group>
  );
}
