import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { CopyCodeButton } from './CopyCodeButton.js';
import { layerProps, ModalLayer } from './modal-layer.js';

export interface DetailModalProps {
  /** Position in the dialog stack: 0 at the bottom. */
  layer: number;
  title: ReactNode;
  /** The code the copy button copies (shown to authCopyObjectCodes only); none: no button. */
  copyCode?: string;
  /** Danger style (expired batch or serial, restricted location). */
  danger?: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/** An object detail dialog: full screen below sm, stacked above the dialogs beneath it. */
export function DetailModal({ layer, title, copyCode, danger = false, onClose, testId, children }: DetailModalProps) {
  return (
    <Modal show onHide={onClose} fullscreen="sm-down" size="lg" {...layerProps(layer)} data-testid={testId}>
      <Modal.Header closeButton className={danger ? 'text-bg-danger' : undefined} data-danger={danger || undefined}>
        <Modal.Title className="h5 d-flex align-items-center gap-2 text-break me-2">{title}</Modal.Title>
        {copyCode ? <CopyCodeButton code={copyCode} className="ms-auto me-2" onDanger={danger} /> : null}
      </Modal.Header>
      <Modal.Body>
        <ModalLayer layer={layer}>{children}</ModalLayer>
      </Modal.Body>
    </Modal>
  );
}
