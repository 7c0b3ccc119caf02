import type { ManagerApproval } from '@wms/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useManagerApproval } from './useManagerApproval.js';

function Asker({ onAnswer }: { onAnswer: (approval: ManagerApproval | null) => void }) {
  const { askManager, dialog } = useManagerApproval();
  return (
    <>
      <button type="button" onClick={() => void askManager('Too much received').then(onAnswer)}>
        ask
      </button>
      {dialog}
    </>
  );
}

describe('useManagerApproval', () => {
  it('answers the credentials typed, never calling anything itself', async () => {
    const answers: (ManagerApproval | null)[] = [];
    const user = userEvent.setup();
    render(<Asker onAnswer={(approval) => answers.push(approval)} />);
    await user.click(screen.getByText('ask'));
    expect(screen.getByTestId('manager-approval-reason').textContent).toBe('Too much received');
    expect(screen.getByTestId('manager-approval-ok')).toHaveProperty('disabled', true);
    await user.type(screen.getByTestId('manager-approval-username'), ' boss ');
    await user.type(screen.getByTestId('manager-approval-password'), 'secret');
    await user.click(screen.getByTestId('manager-approval-ok'));
    await waitFor(() => expect(answers).toEqual([{ username: 'boss', password: 'secret' }]));
    expect(screen.queryByTestId('manager-approval')).toBeNull();
  });

  it('answers the two-factor code when the manager typed one', async () => {
    const user = userEvent.setup();
    const answers: (ManagerApproval | null)[] = [];
    render(<Asker onAnswer={(approval) => answers.push(approval)} />);
    await user.click(screen.getByText('ask'));
    await user.type(screen.getByTestId('manager-approval-username'), 'boss');
    await user.type(screen.getByTestId('manager-approval-password'), 'secret');
    await user.type(screen.getByTestId('manager-approval-code'), ' 123 456 ');
    await user.click(screen.getByTestId('manager-approval-ok'));
    await waitFor(() => expect(answers).toEqual([{ username: 'boss', password: 'secret', mfaToken: '123 456' }]));
  });

  it('answers null when cancelled', async () => {
    const answers: (ManagerApproval | null)[] = [];
    const user = userEvent.setup();
    render(<Asker onAnswer={(approval) => answers.push(approval)} />);
    await user.click(screen.getByText('ask'));
    await user.click(screen.getByTestId('manager-approval-cancel'));
    await waitFor(() => expect(answers).toEqual([null]));
  });
});
