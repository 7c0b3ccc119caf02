/** One answer collected so far: its translated label, its value, its test id. */
export interface SummaryRow {
  label: string;
  value: string;
  testId: string;
}

/** What a handheld flow has collected so far, as a compact label/value list (nothing when empty). */
export function HandheldSummary({ rows, testId }: { rows: readonly SummaryRow[]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <dl className="handheld-summary border rounded p-2" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.testId} className="d-contents">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
