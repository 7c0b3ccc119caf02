import type { VersionedMigration } from './helpers.js';

/**
 * Transfer tokens are bound to the device listener they were sent to (issue 14): the hash of
 * that listener's pairing secret. Signing in with a token needs the same secret. Tokens of
 * before have none and can no longer be used (they lived 60 s anyway).
 */
export const transferTokenPairingMigration: VersionedMigration = {
  name: '0013-transfer-token-pairing',
  async up(db) {
    await db.schema.alterTable('transfer_token').addColumn('pairing_hash', 'text').execute();
  },
};
