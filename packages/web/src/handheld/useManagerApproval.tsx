import type { ManagerApproval } from '@wms/contract';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { ManagerApprovalDialog } from './ManagerApprovalDialog.js';

export interface ManagerApprovalApi {
  /** Asks a manager for their credentials (reason: why, translated); null when cancelled. */
  askManager: (reason?: string | null) => Promise<ManagerApproval | null>;
  /** Render it where the hook is used: the dialog while it asks. */
  dialog: ReactElement | null;
}

/** The manager approval dialog as a promise (a workflow step awaits it). */
export function useManagerApproval(): ManagerApprovalApi {
  const [asking, setAsking] = useState<{ reason: string | null } | null>(null);
  const answer = useRef<(approval: ManagerApproval | null) => void>(() => undefined);
  const askManager = useCallback(
    (reason: string | null = null) =>
      new Promise<ManagerApproval | null>((resolve) => {
        answer.current(null);
        answer.current = (approval) => {
          answer.current = () => undefined;
          setAsking(null);
          resolve(approval);
        };
        setAsking({ reason });
      }),
    [],
  );
  const dialog = asking && (
    <ManagerApprovalDialog
      reason={asking.reason}
      onApprove={(approval) => answer.current(approval)}
      onCancel={() => answer.current(null)}
    />
  );
  return { askManager, dialog };
}
