import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerifyAnswer } from '@wms/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../platform/http.js';
import { useManagerVerification } from './useManagerVerification.js';

interface Sent {
  username: string;
  password: string;
  requiredRoles: string[];
}

const sent: Sent[] = [];
const logout = vi.fn();

/** The server's answers to POST /api/v1/auth/verify, as in auth.verify.test.ts. */
function answerFor(body: Sent): { status: number; json: unknown } {
  const error = (status: number, key: string) => ({ status, json: { status, key, args: {}, message: key } });
  if (body.username === '' || body.password === '') return error(422, 'noManagerLoggedIn');
  if (body.password !== body.username) return error(401, 'invalidLoginDetails');
  if (body.username !== 'manager') return error(403, 'insufficientRoles');
  return { status: 200, json: { verified: true, userId: 3, username: 'manager' } };
}

beforeEach(() => {
  sent.length = 0;
  setUnauthorizedHandler(logout);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Sent;
      sent.push(body);
      const answer = answerFor(body);
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function Harness() {
  const { verifyManager, dialog } = useManagerVerification();
  const [outcome, setOutcome] = useState<VerifyAnswer | null | undefined>(undefined);
  return (
    <>
      <button onClick={() => void verifyManager(['authEditProtectedDeviceSettings']).then(setOutcome)}>ask</button>
      <output data-testid="outcome">{outcome === undefined ? 'pending' : (outcome?.username ?? 'cancelled')}</output>
      {dialog}
    </>
  );
}

async function fillAndVerify(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  const prompt = screen.getByTestId('manager-verification');
  const [name, secret] = [within(prompt).getByLabelText('Manager username'), within(prompt).getByLabelText('Password')];
  await user.clear(name);
  if (username) await user.type(name, username);
  if (password) await user.type(secret, password);
  await user.click(within(prompt).getByTestId('manager-verification-ok'));
}

describe('the manager verification prompt', () => {
  it('keeps asking on errors, never logs the user out, and resolves with the verified manager', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('ask'));

    await fillAndVerify(user, '', '');
    expect(await screen.findByTestId('manager-verification-error')).toHaveProperty(
      'textContent',
      "No manager signed in: enter a manager's username and password.",
    );
    await fillAndVerify(user, 'manager', 'wrong');
    await waitFor(() =>
      expect(screen.getByTestId('manager-verification-error').textContent).toBe('Invalid username or password.'),
    );
    await fillAndVerify(user, 'operator', 'operator');
    await waitFor(() =>
      expect(screen.getByTestId('manager-verification-error').textContent).toBe(
        'This user does not have the required roles.',
      ),
    );
    expect(screen.getByTestId('outcome').textContent).toBe('pending');

    await fillAndVerify(user, 'manager', 'manager');
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('manager'));
    expect(screen.queryByTestId('manager-verification')).toBeNull();
    expect(sent.at(-1)).toEqual({
      username: 'manager',
      password: 'manager',
      requiredRoles: ['authEditProtectedDeviceSettings'],
    });
    expect(logout).not.toHaveBeenCalled();
  });

  it('resolves null when cancelled, without a request', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('ask'));
    await user.click(within(screen.getByTestId('manager-verification')).getByText('Cancel'));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('cancelled'));
    expect(sent).toHaveLength(0);
  });
});
