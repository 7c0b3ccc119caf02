import { useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { requestRecount } from './recounting-api.js';

/** The manual recount request (source MANUAL): a location, its items (comma separated), a comment. */
export function ManualRecountForm() {
  const { t } = useTranslation('recounting');
  const queryClient = useQueryClient();
  const [location, setLocation] = useState('');
  const [items, setItems] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const made = await requestRecount({
        location,
        items: items
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
        comment,
      });
      notify('success', 'recounting:requested', { document: made.code, location: made.locations[0]?.code ?? location });
      setLocation('');
      setItems('');
      setComment('');
      await queryClient.invalidateQueries({ queryKey: areaKey('recounting') });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={(event) => void handleSubmit(event)} data-testid="rc-manual-form" style={{ maxWidth: '32rem' }}>
      <Form.Group className="mb-2">
        <Form.Label>{t('column.location')}</Form.Label>
        <Form.Control
          required
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          data-testid="rc-manual-location"
        />
      </Form.Group>
      <Form.Group className="mb-2">
        <Form.Label>{t('itemsField')}</Form.Label>
        <Form.Control required value={items} onChange={(e) => setItems(e.target.value)} data-testid="rc-manual-items" />
      </Form.Group>
      <Form.Group className="mb-2">
        <Form.Label>{t('comment')}</Form.Label>
        <Form.Control value={comment} onChange={(e) => setComment(e.target.value)} data-testid="rc-manual-comment" />
      </Form.Group>
      <Button type="submit" disabled={busy} data-testid="rc-manual-submit">
        {t('request')}
      </Button>
    </Form>
  );
}
