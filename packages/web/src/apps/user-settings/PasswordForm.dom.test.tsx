import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, userEndpoints } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../platform/http.js';
import { PasswordForm } from './PasswordForm.js';

interface Sent {
  url: string;
  body: { password: string; currentPassword?: string };
}

const sent: Sent[] = [];
const logout = vi.fn();

/** The server's answers to POST /api/v1/users/{id}/password, as in users.password.test.ts. */
function answerFor(body: Sent['body'], own: boolean): { status: number; json: unknown } {
  const field = (key: string, name: string) => ({
    status: 400,
    json: { status: 400, key, args: { fields: [{ field: name, message: key }] }, message: key },
  });
  if (own && body.currentPassword === undefined) return field('currentPasswordRequired', 'body.currentPassword');
  if (own && body.currentPassword !== 'old-secret') return field('currentPasswordIncorrect', 'body.currentPassword');
  if (body.password.length < 8)
    return {
      status: 400,
      json: {
        ...field('passwordTooShort', 'body.password').json,
        args: { minLength: 8, fields: [{ field: 'body.password', message: 'short' }] },
      },
    };
  return { status: 200, json: { ok: true } };
}

function stubServer(own: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Sent['body'];
      sent.push({ url, body });
      const answer = answerFor(body, own);
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  sent.length = 0;
  setUnauthorizedHandler(logout);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderForm(own: boolean) {
  stubServer(own);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <PasswordForm userId={7} own={own} />
    </QueryClientProvider>,
  );
}

async function typeAndSave(user: ReturnType<typeof userEvent.setup>, next: string, current?: string) {
  if (current !== undefined) {
    await user.clear(screen.getByLabelText('Current password'));
    if (current) await user.type(screen.getByLabelText('Current password'), current);
  }
  await user.clear(screen.getByLabelText('New password'));
  await user.type(screen.getByLabelText('New password'), next);
  await user.clear(screen.getByLabelText('Repeat the new password'));
  await user.type(screen.getByLabelText('Repeat the new password'), next);
  await user.click(screen.getByTestId('save-password'));
}

describe('the password form', () => {
  it('asks for the current password when it is your own, and shows the refusal of a wrong one', async () => {
    const user = userEvent.setup();
    renderForm(true);
    expect(screen.getByLabelText('Current password')).toHaveProperty('autocomplete', 'current-password');

    await typeAndSave(user, 'new-secret-1', 'guess');
    await waitFor(() =>
      expect(screen.getByTestId('password-error').textContent).toBe('The current password is not correct.'),
    );
    expect(screen.getByLabelText('Current password').className).toContain('is-invalid');
    expect(sent.at(-1)).toEqual({
      url: pathOf(userEndpoints.changePassword, { id: 7 }),
      body: { password: 'new-secret-1', currentPassword: 'guess' },
    });

    await typeAndSave(user, 'new-secret-1', 'old-secret');
    await waitFor(() => expect(screen.queryByTestId('password-error')).toBeNull());
    expect(sent.at(-1)?.body).toEqual({ password: 'new-secret-1', currentPassword: 'old-secret' });
    // Saved: every field is cleared.
    expect(screen.getByLabelText('Current password')).toHaveProperty('value', '');
    expect(screen.getByLabelText('New password')).toHaveProperty('value', '');
    expect(logout).not.toHaveBeenCalled();
  });

  it("does not ask a userManager for another user's current password", async () => {
    const user = userEvent.setup();
    renderForm(false);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await typeAndSave(user, 'short');
    await waitFor(() =>
      expect(screen.getByTestId('password-error').textContent).toBe('The password must be at least 8 characters long.'),
    );
    expect(screen.getByLabelText('New password').className).toContain('is-invalid');
    await typeAndSave(user, 'long-enough-1');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.at(-1)?.body).toEqual({ password: 'long-enough-1' });
  });
});
