import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Field } from './Field.js';

interface PasswordFieldProps {
  /** The input's id and test id. */
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  isInvalid: boolean;
  onChange: (value: string) => void;
  /** Shown under the input (e.g. its invalid feedback). */
  children?: ReactNode;
}

/** A labelled password input of the password form. */
export function PasswordField({ id, label, autoComplete, value, isInvalid, onChange, children }: PasswordFieldProps) {
  return (
    <Field id={id} label={label}>
      <Form.Control
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        isInvalid={isInvalid}
        onChange={(event) => onChange(event.target.value)}
        data-testid={id}
      />
      {children}
    </Field>
  );
}
