import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyEndpoints, type ApiKey, type CreatedApiKey } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { callApi } from '../../platform/api-client.js';
import { notify } from '../../platform/notifications.js';
import { ApiKeyCreatedModal } from './ApiKeyCreatedModal.js';
import { ConfirmModal } from './ConfirmModal.js';
import { CreateApiKeyModal } from './CreateApiKeyModal.js';
import { apiKeyQueries } from './queries.js';
import { useErrorText } from './useErrorText.js';

/** The API keys of the user being edited: list, create (the key is shown once), delete. */
export function ApiKeysTab({ userId }: { userId: number }) {
  const { t } = useTranslation('userSettings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeyQueries.list(userId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyQueries.list(userId).queryKey });
  const remove = useMutation({
    mutationFn: (key: ApiKey) => callApi(apiKeyEndpoints.remove, { params: { id: userId, keyId: key.id } }),
    onSuccess: async () => {
      notify('success', 'userSettings:apiKeyDeleted');
      await refresh();
    },
  });
  const formatDate = (iso: string | null) => (iso === null ? t('neverUsed') : formatDateTime(iso));

  return (
    <div data-testid="api-keys-tab">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0 flex-grow-1">{t('apiKeys')}</h2>
        <Button onClick={() => setCreating(true)} data-testid="create-api-key">
          {t('createApiKey')}
        </Button>
      </div>
      {keys.isPending && <Spinner size="sm" />}
      {keys.isError && <Alert variant="danger">{errorText(keys.error)}</Alert>}
      {keys.data?.length === 0 && <p className="text-body-secondary">{t('noApiKeys')}</p>}
      {keys.data && keys.data.length > 0 && (
        <Table responsive size="sm" className="align-middle" data-testid="api-key-table">
          <thead>
            <tr>
              <th>{t('apiKeyId')}</th>
              <th>{t('apiKeyLabel')}</th>
              <th>{t('apiKeyLastUsedAt')}</th>
              <th aria-label={t('common:delete')} />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id} data-testid="api-key-row">
                <td>{key.id}</td>
                <td className="text-break">{key.label}</td>
                <td>{formatDate(key.lastUsedAt)}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setDeleting(key)}
                    data-testid="delete-api-key"
                  >
                    {t('common:delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CreateApiKeyModal
        show={creating}
        userId={userId}
        onHide={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          void refresh();
        }}
      />
      <ApiKeyCreatedModal apiKey={created} onHide={() => setCreated(null)} />
      <ConfirmModal
        show={deleting !== null}
        message={t('apiKeyDeleteConfirm', { label: deleting?.label ?? '' })}
        confirmLabel={t('common:delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
