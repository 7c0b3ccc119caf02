import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importEndpoints, pathOf, topics, type ImportRow, type ImportSession } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeViewport } from '../../test-support/fetch-stub.js';
import { ImportWizard } from './ImportWizard.js';

const live = vi.hoisted(() => ({ handlers: new Map<string, (body: string) => void>() }));
vi.mock('../../platform/live.js', () => ({
  useLiveConnection: () => ({
    subscribe: (destination: string, handler: (body: string) => void) => {
      live.handlers.set(destination, handler);
      return () => live.handlers.delete(destination);
    },
  }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const kind = 'purchase_orders';
const id = '6f1c2a52-0000-4000-8000-000000000001';
const columns = [
  { name: 'supplierCode', required: true, type: 'text' as const, aliases: [] },
  { name: 'itemCode', required: true, type: 'text' as const, aliases: [] },
  { name: 'quantity', required: true, type: 'number' as const, aliases: [] },
  { name: 'deliveryDate', required: false, type: 'date' as const, aliases: [] },
];
const session = (changes: Partial<ImportSession> = {}): ImportSession => ({
  id,
  kind,
  status: 'UPLOADED',
  fileName: 'orders.xlsx',
  sheet: 'Orders',
  sheets: ['Orders'],
  headers: ['Leverancier', 'Artikel', 'Aantal'],
  mapping: { supplierCode: 0, itemCode: 1, quantity: null, deliveryDate: null },
  rowCount: 12,
  counts: null,
  commitMode: null,
  result: null,
  failure: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-31T10:00:00.000Z',
  ...changes,
});
const validated = session({
  status: 'VALIDATED',
  mapping: { supplierCode: 0, itemCode: 1, quantity: 2, deliveryDate: null },
  counts: { valid: 11, warning: 0, error: 1 },
});
const row7: ImportRow = {
  rowNumber: 7,
  status: 'ERROR',
  values: { supplierCode: 'S1', itemCode: 'ITEM-X', quantity: '3' },
  group: 'S1 / PO-1',
  messages: [{ severity: 'ERROR', column: 'itemCode', key: 'unknownItemForCode', args: { code: 'ITEM-X' } }],
};

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}
type Answer = { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>;

/** A fake server: answers by method and path; `overrides` replace an answer (a Promise answers later). */
function fakeServer(overrides: Record<string, () => Answer> = {}): Call[] {
  const calls: Call[] = [];
  const at = (endpoint: { path: string }, params: Record<string, string> = { kind, id }) => pathOf(endpoint, params);
  const routes: Record<string, () => Answer> = {
    [`GET ${at(importEndpoints.describe, { kind })}`]: () => ({
      json: { kind, columns, enabled: true, maxRows: 20_000, rememberedMapping: null },
    }),
    [`GET ${at(importEndpoints.sessions, { kind })}`]: () => ({ json: [] }),
    [`POST ${at(importEndpoints.create, { kind })}`]: () => ({ status: 201, json: session() }),
    [`GET ${at(importEndpoints.get)}`]: () => ({ json: session() }),
    [`PUT ${at(importEndpoints.mapping)}`]: () => ({ json: session({ status: 'MAPPED', mapping: validated.mapping }) }),
    [`POST ${at(importEndpoints.validate)}`]: () => ({ json: validated }),
    [`GET ${at(importEndpoints.rows)}`]: () => ({ json: { total: 1, rows: [row7] } }),
    [`POST ${at(importEndpoints.commit)}`]: () => ({
      json: {
        ...validated,
        status: 'COMMITTED',
        commitMode: 'VALID_ROWS_ONLY',
        result: { committedRows: 11, skippedRows: 1, created: [{ type: 'PURCHASE_ORDER', code: 'PO-2' }] },
      },
    }),
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = '', query = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ method, path, query, body });
      const route = routes[`${method} ${path}`];
      const answer = (await route?.()) ?? { status: 404, json: { status: 404, key: 'notFound', args: {} } };
      return new Response(JSON.stringify(answer.json), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ImportWizard kind={kind} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const file = () => new File(['PK fake workbook'], 'orders.xlsx', { type: 'application/vnd.ms-excel' });

async function uploadFile(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByLabelText('File to import (XLSX or CSV)'), file());
  await screen.findByTestId('import-map');
}

function sendProgress(payload: { sessionId: string; phase: string; done: number; total: number }) {
  const handler = live.handlers.get(topics.importProgress());
  expect(handler, 'subscribed to the import progress queue').toBeDefined();
  act(() => handler!(JSON.stringify({ what: 'IMPORT_PROGRESS', payload })));
}

beforeEach(() => {
  live.handlers.clear();
  fakeViewport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportWizard', () => {
  it('shows the limits and the template, uploads the file, and blocks the dry run while a required column is unmapped', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderWizard();
    expect((await screen.findByTestId('import-limits')).textContent).toBe('At most 10 MB and 20000 rows.');
    expect(screen.getByRole('link', { name: 'Download template' }).getAttribute('href')).toBe(
      pathOf(importEndpoints.template, { kind }),
    );

    await uploadFile(user);
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toHaveProperty('name', 'orders.xlsx');

    // The server's automatic mapping is preselected; quantity has no column yet.
    expect(screen.getByLabelText<HTMLSelectElement>(/^Item code/).value).toBe('1');
    const validate = screen.getByRole('button', { name: 'Check the file' });
    expect(validate).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-map-missing').textContent).toBe('Choose the file column for: Quantity.');

    await user.selectOptions(screen.getByLabelText(/^Quantity/), 'Aantal');
    expect(screen.queryByTestId('import-map-missing')).toBeNull();
    expect(validate).toHaveProperty('disabled', false);
    await user.click(validate);

    await screen.findByTestId('import-report');
    const mapping = calls.find((call) => call.method === 'PUT');
    expect(mapping?.body).toEqual({ mapping: { supplierCode: 0, itemCode: 1, quantity: 2, deliveryDate: null } });
    expect(calls.filter((call) => call.path === pathOf(importEndpoints.validate, { kind, id }))).toHaveLength(1);
  });

  it('moves the progress bar on IMPORT_PROGRESS of its own session while the dry run runs', async () => {
    let finish: (answer: { json: unknown }) => void = () => undefined;
    const pending = new Promise<{ json: unknown }>((resolve) => (finish = resolve));
    fakeServer({ [`POST ${pathOf(importEndpoints.validate, { kind, id })}`]: () => pending });
    const user = userEvent.setup();
    renderWizard();
    await uploadFile(user);
    await user.selectOptions(screen.getByLabelText(/^Quantity/), 'Aantal');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    await screen.findByTestId('import-validating');
    const bar = screen.getByRole('progressbar', { name: 'Checking the rows…' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();

    sendProgress({ sessionId: id, phase: 'VALIDATE', done: 3, total: 12 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByTestId('import-progress').textContent).toContain('3 of 12 rows');

    // Another session's progress is not this one's.
    sendProgress({ sessionId: 'another', phase: 'VALIDATE', done: 12, total: 12 });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    sendProgress({ sessionId: id, phase: 'VALIDATE', done: 9, total: 12 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('75'));

    finish({ json: validated });
    await screen.findByTestId('import-report');
  });

  it("reports row 7's message with the column's name and the translated key, and refuses all or nothing with errors", async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderWizard();
    await uploadFile(user);
    await user.selectOptions(screen.getByLabelText(/^Quantity/), 'Aantal');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    const report = await screen.findByTestId('import-report');
    expect(within(report).getByTestId('import-count-error').textContent).toBe('1 error');
    expect(within(report).getByTestId('import-count-valid').textContent).toBe('11 valid');
    await waitFor(() =>
      expect(within(report).getByTestId('import-row-messages').textContent).toBe(
        'Row 7 · Item code: No item found for code ITEM-X.',
      ),
    );
    // With errors the report opens on the error rows.
    const rowsCall = calls.find((call) => call.path === pathOf(importEndpoints.rows, { kind, id }));
    expect(new URLSearchParams(rowsCall?.query).get('status')).toBe('ERROR');
    expect(within(report).getByRole('link', { name: 'Download report (XLSX)' }).getAttribute('href')).toBe(
      pathOf(importEndpoints.report, { kind, id }),
    );

    await user.click(screen.getByRole('button', { name: 'Continue to import' }));
    const allOrNothing = screen.getByLabelText(/^All or nothing/);
    expect(allOrNothing).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/^Valid rows only/)).toHaveProperty('checked', true);
    expect(screen.getByTestId('import-mode-blocked').textContent).toContain('1 row has an error');

    await user.click(screen.getByTestId('import-commit-button'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Import the 11 valid rows of orders.xlsx?');
    await user.click(within(dialog).getByTestId('confirm'));

    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('11 rows imported.');
    expect(result.textContent).toContain('1 row skipped.');
    expect(within(result).getByTestId('import-created-record').textContent).toBe('Purchase orderPO-2');
    const commit = calls.find((call) => call.path === pathOf(importEndpoints.commit, { kind, id }));
    expect(commit?.body).toEqual({ mode: 'VALID_ROWS_ONLY' });
  });

  it("shows the server's refusal of the file as a danger alert with the translated key", async () => {
    fakeServer({
      [`POST ${pathOf(importEndpoints.create, { kind })}`]: () => ({
        status: 422,
        json: { status: 422, key: 'importTooManyRows', args: { max: 20000 }, message: 'too many rows' },
      }),
    });
    const user = userEvent.setup();
    renderWizard();
    await user.upload(await screen.findByLabelText('File to import (XLSX or CSV)'), file());
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      'The file has more than 20000 rows: split it into smaller files.',
    );
    expect(screen.queryByTestId('import-map')).toBeNull();
  });
});
