import type { ReactNode } from 'react';

export interface Field {
  id: string;
  label: string;
  value: ReactNode;
}

/** Label and value pairs side by side, compact on a phone. */
export function FieldList({ fields, testId }: { fields: readonly Field[]; testId?: string }) {
  return (
    <dl className="mb-0 item-info-fields" data-testid={testId}>
      {fields.map((field) => (
        <div key={field.id} className="d-flex border-bottom py-1" data-testid={`field-${field.id}`}>
          <dt className="col-5 col-md-4 pe-2">{field.label}</dt>
          <dd className="col-7 col-md-8 mb-0">{field.value === '' ? '—' : field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
