import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { AttachmentsDialog } from './AttachmentsDialog.js';
import { BrokenListsDialog } from './BrokenListsDialog.js';
import { ClaimForUserDialog } from './ClaimForUserDialog.js';
import { CreatePicklistDialog } from './CreatePicklistDialog.js';
import { EditPicklistDialog } from './EditPicklistDialog.js';
import { FlushReasonsDialog } from './FlushReasonsDialog.js';
import type { PicklistDialog } from './picklist-dialogs.js';
import type { PicklistPermissions } from './picklist-permissions.js';
import type { usePicklistActions } from './usePicklistActions.js';

interface PicklistDialogsProps {
  dialog: PicklistDialog | null;
  permissions: PicklistPermissions;
  actions: ReturnType<typeof usePicklistActions>;
  /** The warehouse filter: the create dialog starts with it. */
  warehouse: string;
  onClose: () => void;
}

/** The overview's open dialog. */
export function PicklistDialogs({ dialog, permissions, actions, warehouse, onClose }: PicklistDialogsProps) {
  const { t } = useTranslation('picklists');
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'create':
      return <CreatePicklistDialog initialWarehouse={warehouse} onClose={onClose} />;
    case 'broken':
      return <BrokenListsDialog mayReallocate={permissions.generate} run={actions.run} onClose={onClose} />;
    case 'edit':
      return <EditPicklistDialog code={dialog.list.code} run={actions.run} onClose={onClose} />;
    case 'claim':
      return <ClaimForUserDialog list={dialog.list} run={actions.run} onClose={onClose} />;
    case 'attachments':
      return <AttachmentsDialog list={dialog.list} mayWrite={permissions.attach} onClose={onClose} />;
    case 'flush':
      return (
        <FlushReasonsDialog
          list={dialog.list}
          lines={dialog.lines}
          onFlush={(reasons) => void actions.flush(dialog.list, reasons)}
          onClose={onClose}
        />
      );
    case 'clear':
      return (
        <ConfirmDialog
          show
          message={t('clear.question', { code: dialog.list.code })}
          confirmLabel={t('actions.clear')}
          onConfirm={() => void actions.clear(dialog.list)}
          onCancel={onClose}
        />
      );
    case 'mergeShipTo':
      return (
        <ConfirmDialog
          show
          message={t('merge.differentShipTo', { codes: dialog.codes.join(', ') })}
          confirmLabel={t('actions.merge')}
          onConfirm={() => void actions.merge(dialog.codes, true)}
          onCancel={onClose}
        />
      );
  }
}
