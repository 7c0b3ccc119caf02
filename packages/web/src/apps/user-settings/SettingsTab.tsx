import type { User } from '@wms/contract';
import { useConfig } from '../../platform/config.js';
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
 * always set a password; anyone else only when the system allows users to change theirs.
 */
export function SettingsTab({ user, manager }: SettingsTabProps) {
  const config = useConfig();
  const passwordAllowed = manager || config.settings.allowUsersToChangePassword;
  return (
    <div style={{ maxWidth: '48rem' }}>
      <GeneralSettingsForm key={`${user.id}:${user.version}`} user={user} manager={manager} />
      {passwordAllowed && <PasswordForm key={user.id} userId={user.id} />}
      {manager && <TwoFactorPanel key={user.id} user={user} />}
    </div>
  );
}
