import type { AppConfig } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { GroupCommit } from './db/group-commit.js';
import type { MasterDataCache } from './db/master-data-cache.js';
import type { SettingsService } from './features/config/settings.service.js';
import type { SessionService } from './features/auth/session.service.js';
import type { ErpOutboxDispatcher } from './features/erp-outbox/erp-outbox-dispatcher.js';
import type { LiveHub } from './live/live-hub.js';

/** The services every feature's routes are built with; made once per app in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  /** SQLite only: write transactions that share one COMMIT (db/group-commit.ts); used by stock transfers. */
  groupCommit?: GroupCommit;
  /** Kept answers of the hot item and location lookups, dropped when master data changes (SQLite). */
  masterData: MasterDataCache;
  settings: SettingsService;
  sessions: SessionService;
  live: LiveHub;
  /** Sends the ERP outbox (features/erp-outbox); started and stopped with the app. */
  erpOutbox: ErpOutboxDispatcher;
  /** English text of an error key, for the message field of error answers. */
  messageFor(key: string, args: Record<string, unknown>): string;
}
