import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints, type TwoFactorQrAnswer, type User } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api-client.js';
import { notify } from '../../platform/notifications.js';
import { ConfirmModal } from './ConfirmModal.js';
import { TwoFactorQr } from './TwoFactorQr.js';
import { userQueries } from './queries.js';
import { useErrorText } from './useErrorText.js';

type Action = 'setup' | 'view' | 'reset';

/** The endpoint of each action: setup and view answer the QR code, reset the changed user. */
const actionEndpoints = {
  setup: userEndpoints.setupTwoFactor,
  view: userEndpoints.viewTwoFactor,
  reset: userEndpoints.resetTwoFactor,
} as const;

/** Two-factor authentication of a user (userManager): set up and enable, view, reset. */
export function TwoFactorPanel({ user }: { user: User }) {
  const { t } = useTranslation('userSettings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<TwoFactorQrAnswer | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const storeUser = async (changed: User) => {
    queryClient.setQueryData(userQueries.detail(user.id).queryKey, changed);
    await queryClient.invalidateQueries({ queryKey: userQueries.list().queryKey });
  };
  const action = useMutation({
    mutationFn: (name: Action): Promise<TwoFactorQrAnswer | User> =>
      callApi(actionEndpoints[name], { params: { id: user.id }, body: {} }, { silent: true }),
    onSuccess: async (answer, name) => {
      if (name === 'reset') {
        setQr(null);
        await storeUser(answer as User);
        notify('success', 'userSettings:twoFactorWasReset');
      } else setQr(answer as TwoFactorQrAnswer);
    },
  });
  const enable = useMutation({
    mutationFn: (code: string) =>
      callApi(userEndpoints.enableTwoFactor, { params: { id: user.id }, body: { code } }, { silent: true }),
    onSuccess: async (changed) => {
      setQr(null);
      await storeUser(changed);
      notify('success', 'userSettings:twoFactorEnabled');
    },
  });

  return (
    <section className="mt-4" data-testid="two-factor">
      <h2 className="h5">{t('twoFactor')}</h2>
      <p className="text-body-secondary" data-testid="two-factor-state">
        {user.totpEnabled ? t('twoFactorIsEnabled') : t('twoFactorIsOff')}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {!user.totpEnabled && (
          <Button
            variant="outline-primary"
            onClick={() => action.mutate('setup')}
            disabled={action.isPending}
            data-testid="two-factor-setup"
          >
            {t('twoFactorSetup')}
          </Button>
        )}
        {user.totpEnabled && (
          <>
            <Button
              variant="outline-primary"
              onClick={() => action.mutate('view')}
              disabled={action.isPending}
              data-testid="two-factor-view"
            >
              {t('twoFactorView')}
            </Button>
            <Button
              variant="outline-danger"
              onClick={() => setConfirmReset(true)}
              disabled={action.isPending}
              data-testid="two-factor-reset"
            >
              {t('twoFactorReset')}
            </Button>
          </>
        )}
      </div>
      {action.isError && <Alert variant="danger">{errorText(action.error)}</Alert>}
      {qr && (
        <TwoFactorQr
          qr={qr}
          enabling={!user.totpEnabled}
          pending={enable.isPending}
          error={enable.isError ? errorText(enable.error) : null}
          onEnable={(code) => enable.mutate(code)}
          onClose={() => setQr(null)}
        />
      )}
      <ConfirmModal
        show={confirmReset}
        message={t('twoFactorResetConfirm', { username: user.username })}
        confirmLabel={t('twoFactorReset')}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          action.mutate('reset');
        }}
      />
    </section>
  );
}
