import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

interface FieldProps {
  id: string;
  label: string;
  children: ReactNode;
}

/** A labelled form row; stacked, full width, on every screen size. */
export function Field({ id, label, children }: FieldProps) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {children}
    </Form.Group>
  );
}
