import type { DbOrTx } from '../../db/database.js';

export interface NewSession {
  tokenHash: string;
  userId: number;
  uniqueSession: string | null;
  deviceName: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertSession(db: DbOrTx, s: NewSession): Promise<number> {
  const row = await db
    .insertInto('user_session')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      unique_session: s.uniqueSession,
      device_name: s.deviceName,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.createdAt,
      last_seen_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session with its user, or undefined; inactive users have no usable session. */
export function findSessionWithUser(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.last_seen_at', 's.expires_at', 'u.username', 'u.roles', 'u.active'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: DbOrTx, id: number, at: string): Promise<void> {
  await db.updateTable('user_session').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSessionById(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_session').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.deleteFrom('user_session').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
}

export function findSessionById(db: DbOrTx, id: number) {
  return db.selectFrom('user_session').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSessions(db: DbOrTx, userId?: number) {
  let query = db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      'u.username',
      's.unique_session',
      's.device_name',
      's.ip',
      's.user_agent',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
    ])
    .orderBy('s.last_seen_at', 'desc');
  if (userId !== undefined) query = query.where('s.user_id', '=', userId);
  return query.execute();
}

export async function deleteExpiredSessions(db: DbOrTx, now: string, idleSince: string): Promise<number[]> {
  const rows = await db
    .deleteFrom('user_session')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
