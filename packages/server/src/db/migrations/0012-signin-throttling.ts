import type { VersionedMigration } from './helpers.js';

/**
 * Sign-in hardening (issue 14):
 * - failed_signin_account: failed (and in-flight) sign-in attempts per account, keyed by the
 *   lower-cased username as typed (known or not, so the count tells nothing about which users
 *   exist), counted and blocked like failed_signin counts addresses.
 * - app_user.totp_last_step: the RFC 6238 time step of the last TOTP code the user signed in
 *   with; a code of that step or an older one is refused (no replay).
 */
export const signinThrottlingMigration: VersionedMigration = {
  name: '0012-signin-throttling',
  async up(db) {
    await db.schema
      .createTable('failed_signin_account')
      .addColumn('username_lower', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'text', (c) => c.notNull())
      .addColumn('blocked_until', 'text')
      .execute();
    await db.schema.alterTable('app_user').addColumn('totp_last_step', 'integer').execute();
  },
};
