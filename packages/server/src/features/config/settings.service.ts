import { defaultSystemSettings, systemSettingsSchema, type SystemSettings } from '@wms/contract';
import type { Db } from '../../db/database.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import * as repository from './settings.repository.js';

export interface VersionedSettings {
  version: number;
  settings: SystemSettings;
}

/** Settings change rarely and are read on many requests: cache them briefly per instance. */
const cacheTtlMs = 2_000;

/**
 * The run-time settings (one versioned row). Stored JSON is merged over the defaults, so a
 * setting added by a later release has its default until an admin changes it.
 */
export class SettingsService {
  private cached: { value: VersionedSettings; at: number } | undefined;

  constructor(private readonly db: Db) {}

  async get(): Promise<VersionedSettings> {
    if (this.cached && Date.now() - this.cached.at < cacheTtlMs) return this.cached.value;
    let row = await repository.findSettingsRow(this.db);
    if (!row) {
      await repository.insertSettingsRow(this.db, JSON.stringify(defaultSystemSettings), nowIso());
      row = await repository.findSettingsRow(this.db);
    }
    const stored = row ? (JSON.parse(row.settings) as Partial<SystemSettings>) : {};
    const value = { version: row?.version ?? 1, settings: this.merge(stored) };
    this.cached = { value, at: Date.now() };
    return value;
  }

  async settings(): Promise<SystemSettings> {
    return (await this.get()).settings;
  }

  /** Applies a validated partial update if `version` is current; 412 otherwise. */
  async update(version: number, changes: Partial<SystemSettings>): Promise<VersionedSettings> {
    await this.get();
    const current = await repository.findSettingsRow(this.db);
    const merged = this.merge({ ...(current ? (JSON.parse(current.settings) as object) : {}), ...changes });
    const result = await repository.updateSettingsRow(this.db, JSON.stringify(merged), version, nowIso());
    expectOneUpdated(result, { currentVersion: current?.version });
    this.cached = undefined;
    return this.get();
  }

  /** Forget the cached copy (after a change on another instance). */
  invalidate(): void {
    this.cached = undefined;
  }

  private merge(stored: Partial<SystemSettings>): SystemSettings {
    const merged = {
      ...defaultSystemSettings,
      ...stored,
      delivery: { ...defaultSystemSettings.delivery, ...stored.delivery },
      picking: { ...defaultSystemSettings.picking, ...stored.picking },
      counting: { ...defaultSystemSettings.counting, ...stored.counting },
      scanner: { ...defaultSystemSettings.scanner, ...stored.scanner },
    };
    const parsed = systemSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaultSystemSettings;
  }
}
