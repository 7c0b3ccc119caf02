import { useQuery } from '@tanstack/react-query';
import type { PickListSummary } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { notify } from '../../platform/notifications.js';
import { shown } from './picklist-failure.js';
import { pickListApi, pickListQueries } from './picklists-api.js';

interface ClaimForUserDialogProps {
  list: PickListSummary;
  run: <T>(call: () => Promise<T>) => Promise<T | null>;
  onClose: () => void;
}

/** A *ManageClaims holder claims a list for a picker (or for themselves: no user chosen). */
export function ClaimForUserDialog({ list, run, onClose }: ClaimForUserDialogProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const users = useQuery(pickListQueries.users());
  const [user, setUser] = useState('');
  const handleClaim = async () => {
    const claimed = await run(() => shown(() => pickListApi.claim(list.code, user || undefined)));
    if (!claimed) return;
    notify('success', 'picklists:claimed', { code: list.code, username: claimed.claimedBy ?? '' });
    onClose();
  };
  return (
    <Modal show onHide={onClose} centered data-testid="picklist-claim-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('claim.title', { code: list.code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Label htmlFor="picklist-claim-user">{t('claim.forUser')}</Form.Label>
        <Form.Select
          id="picklist-claim-user"
          value={user}
          onChange={(event) => setUser(event.target.value)}
          data-testid="claim-user"
        >
          <option value="">{t('claim.myself')}</option>
          {(users.data ?? []).map((option) => (
            <option key={option.userid} value={option.username}>
              {option.username}
            </option>
          ))}
        </Form.Select>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button size="lg" onClick={() => void handleClaim()} data-testid="claim-submit">
          {t('actions.claim')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
