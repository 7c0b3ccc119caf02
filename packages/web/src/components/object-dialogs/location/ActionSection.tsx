import type { ReactNode } from 'react';

/** One block of the Actions tab: a heading and its controls. */
export function ActionSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="border rounded p-2 p-sm-3 mb-3" data-testid={testId}>
      <h6 className="mb-2">{title}</h6>
      {children}
    </section>
  );
}
