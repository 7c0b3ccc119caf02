import {
  languageFiles,
  languageIsoCodeMapping,
  type ConfigAnswer,
  type ErpType,
  type OperationMode,
  type SystemSettings,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { AppError, conflict } from '../../http/app-error.js';
import type { VersionedSettings } from './settings.service.js';

/** GET /api/v1/config/: what every client needs, before and after sign-in. */
export async function readPublicConfig(ctx: AppContext): Promise<ConfigAnswer> {
  const settings = await ctx.settings.settings();
  return {
    settings: {
      allowEmptyPassword: settings.allowEmptyPassword,
      scannerParseItemBarcode: settings.scannerParseItemBarcode,
      customCssCode: settings.customCssCode,
      sessionViewerRtcConfig: settings.sessionViewerRtcConfig,
      allowUsersToChangePassword: settings.allowUsersToChangePassword,
    },
    operationMode: settings.operationMode,
    enabledExtensions: settings.enabledExtensions,
    erpType: settings.erpType,
    qualityControlApproach: settings.qualityControlApproach,
    delivery: settings.delivery,
    scanner: settings.scanner,
    customerId: settings.customerId,
    warehouseName: settings.warehouseName,
    languageFiles: { ...languageFiles },
    languageIsoCodeMapping: { ...languageIsoCodeMapping },
    runtimeType: ctx.config.runtimeType,
    wmsHasBeenConfigured: settings.wmsHasBeenConfigured,
    version: ctx.config.version,
    licenseExpirationDate: settings.licenseExpirationDate,
  };
}

/** The settings with their version, read fresh so an admin edits the current version. */
export async function readSettings(ctx: AppContext): Promise<VersionedSettings> {
  ctx.settings.invalidate();
  return ctx.settings.get();
}

/** Admin update of any subset of the settings; 412 when `version` is stale. */
export async function updateSettings(
  ctx: AppContext,
  version: number,
  changes: Partial<SystemSettings>,
): Promise<VersionedSettings> {
  const updated = await ctx.settings.update(version, changes);
  // Drops the cached settings here and on every other instance (live backplane).
  ctx.live.invalidate({ kind: 'settings' });
  return updated;
}

/** First-run setup by an admin: only while the system is not configured yet. */
export async function setUp(
  ctx: AppContext,
  setup: { erpType: ErpType; warehouseName: string; operationMode: OperationMode },
): Promise<VersionedSettings> {
  ctx.settings.invalidate();
  const current = await ctx.settings.get();
  if (current.settings.wmsHasBeenConfigured) throw conflict('alreadyConfigured');
  try {
    return await updateSettings(ctx, current.version, { ...setup, wmsHasBeenConfigured: true });
  } catch (error) {
    // Another admin changed the settings at the same moment; if they finished the setup, say so.
    if (error instanceof AppError && error.status === 412) {
      ctx.settings.invalidate();
      if ((await ctx.settings.settings()).wmsHasBeenConfigured) throw conflict('alreadyConfigured');
    }
    throw error;
  }
}
