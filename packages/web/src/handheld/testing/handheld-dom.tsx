/**
 * Shared set-up of the handheld apps' dom tests (jsdom): the platform mocks (the default scanner
 * settings, a session with every role, no live connection, notify and the sounds mocked), a fake
 * server over a stubbed fetch that records each call's path and JSON body, a render inside a
 * query client and a router, a scan as a keyboard wedge sends it, and the notices told.
 *
 * Import it before the app under test: its vi.mock calls run when it is loaded, so they apply to
 * the modules the app imports after it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { defaultSystemSettings } from '@wms/contract';
import { expect, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { stubFetch, type Route } from '../../test-support/fetch-stub.js';

const session = vi.hoisted(() => ({ username: null as string | null }));

vi.mock('../../platform/config.js', () => ({
  useConfig: () => ({ scanner: defaultSystemSettings.scanner, runtimeType: 'TEST' }),
}));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({
    me: session.username === null ? null : { user: { id: 7, username: session.username } },
    signOut: vi.fn(),
    hasRole: () => true,
  }),
}));
vi.mock('../../platform/live.js', () => ({
  useLiveMessage: vi.fn(),
  useLiveConnection: () => null,
  useLiveConnected: () => true,
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));

/** The signed-in user of the session mock (null: none); set it before rendering. */
export const testSession = session;

/** A call the fake server got: its path (no query) and JSON body. */
export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** An answer of the fake server; undefined: 404 notFound. */
export type Answer = ReturnType<Route>;

export const json = (status: number, body: unknown): Answer => ({ status, json: body });

/** The server's keyed refusal. */
export const refusal = (status: number, key: string, args: Record<string, unknown>): Answer =>
  json(status, { status, key, args, message: key });

/** Stubs fetch with the fake server's answers by path; returns the calls as they come. */
export function fakeFetch(
  answer: (path: string, method: string, body: Record<string, unknown> | undefined) => Answer,
): Call[] {
  const calls: Call[] = [];
  stubFetch((method, url, sent) => {
    const [path = ''] = url.split('?');
    const body = sent as Record<string, unknown> | undefined;
    calls.push({ method, path, body });
    return answer(path, method, body);
  });
  return calls;
}

/** Renders the app at the path, with a query client that does not retry. */
export function renderAt(path: string, app: ReactNode): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{app}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A scan as a keyboard wedge sends it: the text, then Enter (a submit of the scanner bar). */
export function wedge(text: string): void {
  const input = screen.getByTestId('scanner-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

export const waitForPrompt = (text: string) =>
  waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toBe(text));

/** The notices told with the variant (notify mocked), in order. */
export const notices = (variant: string) => vi.mocked(notify).mock.calls.filter(([told]) => told === variant);
export const dangers = () => notices('danger');

export const posts = (calls: readonly Call[]) => calls.filter((call) => call.method === 'POST');

/** The counted lines shown (handheld/counting/CountedLines.tsx with the test id). */
export const countedLines = (testId = 'w2w-line') => screen.queryAllByTestId(testId).map((row) => row.textContent);

/** The item lookup's answer for a code: an item in pcs (NORMAL unless told, named by its code unless told), found by its code. */
export function foundItem(code: string, item: { name?: string; managedBy?: string } = {}) {
  return {
    item: {
      code,
      visualCode: code,
      name: item.name ?? code,
      units: 'pcs',
      managedBy: item.managedBy ?? 'NORMAL',
      receiptScanPreferences: {
        scanExpirationDate: false,
        scanManufacturingDate: false,
        scanManufacturingBatch: false,
        scanManufacturingSerial: false,
      },
    },
    matchedBy: 'CODE',
    quantity: 1,
  };
}
