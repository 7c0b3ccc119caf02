import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. SQL is snake_case, JSON camelCase; repositories map between them.
 * Conventions that hold on SQLite and PostgreSQL alike: timestamps are ISO-8601 UTC text,
 * booleans are integers 0/1, JSON is text, ids are integers.
 */
export interface AppUserTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  password_hash: string;
  email_address: string | null;
  external_id: string | null;
  roles: string; // JSON string[]
  settings: string; // JSON UserSettings
  totp_secret: string | null;
  totp_enabled: number;
  active: number;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface UserSessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  unique_session: string | null;
  device_name: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TransferTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  device_name: string;
  path: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface IpRuleTable {
  id: Generated<number>;
  cidr: string;
  policy: string;
  description: string | null;
  sort_order: number;
  created_at: string;
  /** Added by 0002-ip-rules. */
  version: Generated<number>;
}

export interface FailedSigninTable {
  ip: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface SystemSettingTable {
  id: number;
  settings: string; // JSON
  version: number;
  updated_at: string;
}

export interface TranslationPatchTable {
  language: string;
  path: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

export interface BugReportTable {
  id: Generated<number>;
  user_id: number | null;
  report: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AnalyticsEventTable {
  id: Generated<number>;
  user_id: number | null;
  payload: string;
  created_at: string;
}

export interface IdempotencyRecordTable {
  scope: string;
  idempotency_key: string;
  user_id: number | null;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

export interface ErpUserTable {
  code: string;
  name: string;
}

export interface NotificationCounterTable {
  path: string;
  user_id: number; // 0: the counter is the same for every user
  count: number;
  updated_at: string;
}

export interface BroadcastTable {
  id: Generated<number>;
  message: string;
  created_by: number | null;
  target_user_ids: string | null; // JSON number[]; null: everyone
  created_at: string;
}

export interface BroadcastReadTable {
  broadcast_id: number;
  user_id: number;
  read_at: string;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  api_key: ApiKeyTable;
  transfer_token: TransferTokenTable;
  ip_rule: IpRuleTable;
  failed_signin: FailedSigninTable;
  system_setting: SystemSettingTable;
  translation_patch: TranslationPatchTable;
  bug_report: BugReportTable;
  analytics_event: AnalyticsEventTable;
  idempotency_record: IdempotencyRecordTable;
  erp_user: ErpUserTable;
  notification_counter: NotificationCounterTable;
  broadcast: BroadcastTable;
  broadcast_read: BroadcastReadTable;
}

export type AppUserRow = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type AppUserUpdate = Updateable<AppUserTable>;
export type UserSessionRow = Selectable<UserSessionTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type IpRuleRow = Selectable<IpRuleTable>;
