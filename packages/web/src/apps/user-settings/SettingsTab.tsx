import type { User } from '@wms/contract';
import { useConfig } from '../../platform/config.js';
import { useSession } from '../../platform/session.js';
import { GeneralSettingsForm } from './GeneralSettingsForm.js';
import { PasswordForm } from './PasswordForm.js';
import { TwoFactorPanel } from './TwoFactorPanel.js';

interface SettingsTabProps {
  user: User;
  /** The signed-in user is a userManager. */
  manager: boolean;
}

/**
 * Settings, password and two-factor authentication of the user being edited. A userManager may
 * always set a password; anyone else only when the system allows users to change theirs. Your
 * own password needs the current one. Each block has a key of its own: sibling keys must differ,
 * or React mixes the blocks up when the settings form is re-mounted (a stale copy of the
 * password block stayed behind in the previous language).
 */
export function SettingsTab({ user, manager }: SettingsTabProps) {
  const config = useConfig();
  const { me } = useSession();
  const passwordAllowed = manager || config.settings.allowUsersToChangePassword;
  return (
    <div style={{ maxWidth: '48rem' }}>
      <GeneralSettingsForm key={`${user.id}:${user.version}`} user={user} manager={manager} />
      {passwordAllowed && <PasswordForm key={`password:${user.id}`} userId={user.id} own={me?.user.id === user.id} />}
      {manager && <TwoFactorPanel key={`two-factor:${user.id}`} user={user} />}
    </div>
  );
}
