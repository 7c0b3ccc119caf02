import type { Role, VerifyAnswer } from '@wms/contract';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { ManagerVerificationModal } from './ManagerVerificationModal.js';

export interface ManagerVerificationApi {
  /** Asks for a manager holding every required role: the manager, or null when cancelled. */
  verifyManager: (requiredRoles: Role[]) => Promise<VerifyAnswer | null>;
  /** Render it where the hook is used: the prompt while it asks. */
  dialog: ReactElement | null;
}

export function useManagerVerification(): ManagerVerificationApi {
  const [asking, setAsking] = useState<Role[] | null>(null);
  const answer = useRef<(manager: VerifyAnswer | null) => void>(() => undefined);

  const verifyManager = useCallback(
    (requiredRoles: Role[]) =>
      new Promise<VerifyAnswer | null>((resolve) => {
        answer.current = (manager) => {
          setAsking(null);
          resolve(manager);
        };
        setAsking(requiredRoles);
      }),
    [],
  );

  const dialog = asking && (
    <ManagerVerificationModal
      requiredRoles={asking}
      onVerified={(manager) => answer.current(manager)}
      onCancel={() => answer.current(null)}
    />
  );
  return { verifyManager, dialog };
}
