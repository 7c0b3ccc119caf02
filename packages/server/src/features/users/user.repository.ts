import { userSettingsSchema, type Role, type User, isRole } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import type { AppUserRow } from '../../db/schema.js';
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
