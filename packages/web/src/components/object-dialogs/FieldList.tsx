import type { ReactNode } from 'react';

export interface Field {
  /** Names the field in data-field (tests) and is the React key. */
  name: string;
  label: string;
  value: ReactNode;
}

/** Label and value pairs: two columns on every screen, values wrap. */
export function FieldList({ fields, testId }: { fields: readonly Field[]; testId?: string }) {
  return (
    <dl className="mb-0" data-testid={testId}>
      {fields.map((field) => (
        <div key={field.name} className="d-flex border-bottom py-1" data-field={field.name}>
          <dt className="fw-normal text-body-secondary pe-2 flex-shrink-0" style={{ width: '40%', maxWidth: 260 }}>
            {field.label}
          </dt>
          <dd className="mb-0 text-break flex-grow-1" data-value>
            {field.value === null || field.value === undefined || field.value === '' ? '—' : field.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
