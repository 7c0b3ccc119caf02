import { useQueryClient } from '@tanstack/react-query';
import type { ImportKind } from '@wms/contract';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ImportWizard } from '../../components/import-wizard/ImportWizard.js';
import { refreshMasterData } from './master-data-api.js';

/** The import wizard of a tab's importer in a large modal; a commit refreshes the tables. */
export function ImportModal({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const queryClient = useQueryClient();
  return (
    <Modal
      show
      onHide={onClose}
      size="xl"
      fullscreen="lg-down"
      backdrop="static"
      data-testid="master-data-import-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t(`importTitle.${kind}`)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t(`importHelp.${kind}`)}</p>
        <ImportWizard kind={kind} onCommitted={() => void refreshMasterData(queryClient)} />
      </Modal.Body>
    </Modal>
  );
}
