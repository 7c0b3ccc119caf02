import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { AppDefinition } from '@wms/contract';
import { LazyApp } from './AppRoutes.js';
import { AppIcon } from '../components/app-icon/AppIcon.js';

interface SubAppModalProps {
  /** The app to show above the current one; null: closed. */
  app: AppDefinition | null;
  onClose: () => void;
}

/**
 * An app allowed as a sub-app, opened in a modal above the current app by swiping its menu item.
 * Closing (button, Escape) asks for confirmation first, so work in it is not lost by accident.
 */
export function SubAppModal({ app, onClose }: SubAppModalProps) {
  const { t } = useTranslation(['shell', 'apps', 'common']);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setConfirming(false), [app]);

  return (
    <Modal
      show={app !== null}
      onHide={() => setConfirming(true)}
      backdrop="static"
      size="xl"
      fullscreen="md-down"
      scrollable
      data-testid="sub-app-modal"
      aria-labelledby="sub-app-title"
    >
      <Modal.Header closeButton closeLabel={t('shell:closeSubApp')} className="py-2">
        <Modal.Title id="sub-app-title" className="h5 d-flex align-items-center gap-2">
          {app && <AppIcon name={app.icon} />}
          {app && t(`apps:${app.titleKey}`)}
        </Modal.Title>
      </Modal.Header>
      {confirming && (
        <div
          className="alert alert-warning rounded-0 mb-0 d-flex flex-wrap align-items-center gap-2"
          role="alertdialog"
        >
          <span className="flex-grow-1">{t('shell:confirmCloseSubApp')}</span>
          <Button size="sm" variant="danger" onClick={onClose} data-testid="sub-app-confirm-close">
            {t('common:yes')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('common:no')}
          </Button>
        </div>
      )}
      <Modal.Body className="p-0">{app && <LazyApp app={app} />}</Modal.Body>
    </Modal>
  );
}
