import { userSettingsSchema, type Role, type User, isRole } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import type { AppUserRow, AppUserUpdate, NewAppUser } from '../../db/schema.js';
import { parseRoles } from '../auth/session.service.js';

export function findUserById(db: DbOrTx, id: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames are unique without regard to case. */
export function findUserByUsername(db: DbOrTx, username: string) {
  return db.selectFrom('app_user').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

export function rolesOf(row: Pick<AppUserRow, 'roles'>): Role[] {
  return parseRoles(row.roles).filter(isRole);
}

export function settingsOf(row: Pick<AppUserRow, 'settings'>) {
  let stored: unknown = {};
  try {
    stored = JSON.parse(row.settings);
  } catch {
    stored = {};
  }
  const parsed = userSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : userSettingsSchema.parse({});
}

/** The API view of a user row. */
export function toUser(row: AppUserRow): User {
  return {
    id: row.id,
    username: row.username,
    emailAddress: row.email_address,
    externalId: row.external_id,
    roles: rolesOf(row),
    settings: settingsOf(row),
    totpEnabled: row.totp_enabled === 1,
    active: row.active === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function listUsers(db: DbOrTx) {
  return db.selectFrom('app_user').selectAll().orderBy('username_lower').execute();
}

/** Active users as the simple list shows them: id and username. */
export function listActiveUserNames(db: DbOrTx) {
  return db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('active', '=', 1)
    .orderBy('username_lower')
    .execute();
}

export function listErpUsers(db: DbOrTx) {
  return db.selectFrom('erp_user').select(['code', 'name']).orderBy('code').execute();
}

export async function insertUser(db: DbOrTx, user: NewAppUser): Promise<AppUserRow> {
  return db.insertInto('app_user').values(user).returningAll().executeTakeFirstOrThrow();
}

/** An optimistic-locked update: bumps the version; no row updated when `version` is stale. */
export function updateUserVersioned(
  db: DbOrTx,
  id: number,
  version: number,
  changes: Omit<AppUserUpdate, 'id' | 'version' | 'updated_at'>,
  at: string,
) {
  return db
    .updateTable('app_user')
    .set({ ...changes, version: version + 1, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Sets the password hash; not part of the user's visible record, so the version stays. */
export async function updatePasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/**
 * Records `step` as the user's last used TOTP time step, atomically: false (nothing written) when
 * that step or a later one was used already, so one code signs in once even under races.
 */
export async function claimTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
