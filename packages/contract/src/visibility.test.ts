import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appById, appGroups, apps, findAppByPath, pathMatches, type AppDefinition } from './apps.js';
import { extensions, languages, operationModes, qualityControlApproaches, runtimeTypes, erpTypes } from './enums.js';
import { expandRoles, roles, type Role } from './roles.js';
import { isAppVisible, visibleApps, type VisibilityContext } from './visibility.js';

const webSrc = path.resolve(import.meta.dirname, '../../web/src');

/** The demo operator of packages/server/src/db/seed/demo-users.ts. */
const operatorRoles: Role[] = [
  'information',
  'stockTransfer',
  'picking',
  'counting',
  'recounting',
  'goodsReceipt',
  'delivery',
  'multiAddressDeliveries',
  'replenishment',
  'stockStorage',
  'stockCorrections',
];

const base: VisibilityContext = {
  operationMode: 'NORMAL',
  expandedRoles: expandRoles(['admin']),
  enabledExtensions: [...extensions],
  erpType: 'NONE',
  qualityControlApproach: 'PERFORM_ONLY',
  delivery: { splitPackAndDelivery: false, enableDeliveryDispatchApplication: true },
  runtimeType: 'PRODUCTION',
};
const ids = (list: readonly AppDefinition[]) => list.map((entry) => entry.id);
const visibleIds = (context: Partial<VisibilityContext>) =>
  ids(visibleApps(apps, { ...base, ...context }, { builtOnly: false }));
const visible = (id: string, context: Partial<VisibilityContext>) => isAppVisible(app(id), { ...base, ...context });
function app(id: string): AppDefinition {
  const found = appById(id);
  if (!found) throw new Error(`no app ${id}`);
  return found;
}

/** Every combination of the settings that extra checks and operation modes read. */
function allSettingContexts(): VisibilityContext[] {
  const contexts: VisibilityContext[] = [];
  for (const operationMode of operationModes)
    for (const erpType of erpTypes)
      for (const qualityControlApproach of qualityControlApproaches)
        for (const runtimeType of runtimeTypes)
          for (const splitPackAndDelivery of [false, true])
            for (const enableDeliveryDispatchApplication of [false, true])
              contexts.push({
                ...base,
                operationMode,
                erpType,
                qualityControlApproach,
                runtimeType,
                delivery: { splitPackAndDelivery, enableDeliveryDispatchApplication },
              });
  return contexts;
}

describe('the app registry', () => {
  it('has unique ids, and no two apps visible together share a route path', () => {
    expect(new Set(ids(apps)).size).toBe(apps.length);
    for (const context of allSettingContexts()) {
      const paths = visibleApps(apps, context, { builtOnly: false }).flatMap((entry) => [
        entry.path,
        ...entry.subPaths.map((subPath) => entry.path + subPath),
      ]);
      expect(new Set(paths).size, JSON.stringify(context)).toBe(paths.length);
    }
  });

  it('holds every menu path of the product, each absolute, with sub-paths below it', () => {
    const paths = new Set(apps.map((entry) => entry.path));
    for (const required of [
      '/dashboard',
      '/item/item_info',
      '/location/location_info',
      '/wall_to_wall',
      '/kardex/storage',
      '/goods_returns',
      '/production/work_confirmation_verification',
      '/pack_and_delivery',
      '/pack',
      '/delivery',
      '/delivery_dispatch',
      '/picklists',
      '/shipment/planned_goods_receipts_importer',
      '/qc/perform_qc',
      '/qc/verify_qc',
      '/spreadsheetviewer',
      '/admin/language_manager',
      '/user/settings',
      '/fileManager',
      '/exact_online/database_state',
      '/my_user_tasks',
      '/about',
    ])
      expect(paths, required).toContain(required);
    for (const entry of apps) {
      expect(entry.path).toMatch(/^\/[A-Za-z0-9_/]+$/);
      for (const subPath of entry.subPaths) expect(subPath).toMatch(/^\/[:A-Za-z0-9_]+$/);
      expect(appGroups).toContain(entry.group);
    }
    expect(app('itemInfo').subPaths).toEqual(['/:itemcode']);
  });

  it('names only known roles, and only the dashboard and user settings are built today', () => {
    for (const entry of apps) {
      const named = [entry.condition.appRole, ...(entry.condition.appAuthorizations ?? [])].filter(Boolean);
      for (const role of named) expect(roles, entry.id).toContain(role);
    }
    expect(ids(apps.filter((entry) => entry.built)).sort()).toEqual([
      'actionBarcodeGenerator',
      'addressValidation',
      'batchCorrection',
      'countingListCreator',
      'dashboard',
      'defaultItemLocationConfigurer',
      'delivery',
      'deliveryDispatch',
      'finishedGoodsReceipt',
      'goodsReceipt',
      'goodsReturns',
      'goodsSorting',
      'itemBarcoder',
      'itemInfo',
      'itemPriceImporter',
      'itemTranslationImporter',
      'locationInfo',
      'locationStockTransfer',
      'masterData',
      'multiAddressDelivery',
      'multiStockTransfer',
      'myUserTasks',
      'orderImporter',
      'pack',
      'packAndDelivery',
      'packingSlip',
      'pickAndCollect',
      'pickAndPack',
      'picklists',
      'plannedGoodsReceiptsImporter',
      'purchaseImporter',
      'recounting',
      'spreadsheetViewer',
      'stockPicking',
      'stockTransfer',
      'taskManager',
      'userSettings',
      'wallToWall',
      'wallToWallBatch',
      'workConfirmation',
      'workConfirmationVerification',
    ]);
  });

  it('has a title in apps.json of every language for every app and group', () => {
    for (const language of languages) {
      const titles = JSON.parse(fs.readFileSync(path.join(webSrc, 'i18n', language, 'apps.json'), 'utf8'));
      for (const entry of apps) expect(titles[entry.titleKey], `${language}: ${entry.titleKey}`).toBeTypeOf('string');
      for (const group of [...appGroups, 'favorites'])
        expect(titles.groups[group], `${language}: groups.${group}`).toBeTypeOf('string');
    }
  });

  it('uses only Bootstrap Icons that the shell icon stylesheet defines with the right code point', () => {
    const codes = JSON.parse(
      fs.readFileSync(path.resolve(webSrc, '../../../node_modules/bootstrap-icons/font/bootstrap-icons.json'), 'utf8'),
    );
    const css = fs.readFileSync(path.join(webSrc, 'components/app-icon/icons.css'), 'utf8');
    for (const entry of apps) {
      expect(codes[entry.icon], entry.icon).toBeTypeOf('number');
      const rule = new RegExp(`\\.bi-${entry.icon}::before\\s*\\{\\s*content:\\s*['"]\\\\([0-9a-f]+)['"]`);
      const defined = rule.exec(css)?.[1];
      expect(defined, `run node scripts/generate-icon-css.mjs (${entry.icon})`).toBe(
        (codes[entry.icon] as number).toString(16),
      );
    }
  });

  it('matches paths exactly, with parameters in sub-paths', () => {
    expect(pathMatches('/item/item_info/:itemcode', '/item/item_info/A100')).toBe(true);
    expect(pathMatches('/item/item_info/:itemcode', '/item/item_info/')).toBe(false);
    expect(pathMatches('/item/item_info', '/item/item_info/A100/x')).toBe(false);
    expect(pathMatches('/dashboard', '/dashboard/')).toBe(true);
    expect(findAppByPath(apps, '/item/item_info/A100')?.id).toBe('itemInfo');
    expect(findAppByPath(apps, '/item')).toBeUndefined();
    expect(findAppByPath(apps, '/dashboardx')).toBeUndefined();
  });
});

describe('app visibility', () => {
  it('shows an admin with every extension every app of the current settings, and every built one', () => {
    const all = visibleIds({});
    const hidden = ids(apps).filter((id) => !all.includes(id));
    // Hidden only by settings: the other operation mode, ERP type, QC approach, delivery split, runtime.
    expect(hidden.sort()).toEqual(
      [
        'wallToWallBatch',
        'qualityControlPerform',
        'qualityControlVerify',
        'pack',
        'delivery',
        'exactOnlineConfig',
        'exactOnlineDatabaseState',
        'devStateMachine',
        'devRoleHierarchy',
        'devBurst',
        'devKeylogger',
        'devPlayground',
        'devPeripheralConfig',
        'devPeripheralTest',
      ].sort(),
    );
    expect(ids(visibleApps(apps, base))).toEqual([
      'dashboard',
      'itemInfo',
      'locationInfo',
      'stockTransfer',
      'multiStockTransfer',
      'locationStockTransfer',
      'wallToWall',
      'recounting',
      'batchCorrection',
      'goodsReceipt',
      'goodsSorting',
      'goodsReturns',
      'finishedGoodsReceipt',
      'workConfirmation',
      'workConfirmationVerification',
      'pickAndPack',
      'stockPicking',
      'pickAndCollect',
      'packAndDelivery',
      'deliveryDispatch',
      'packingSlip',
      'multiAddressDelivery',
      'addressValidation',
      'picklists',
      'purchaseImporter',
      'orderImporter',
      'itemPriceImporter',
      'itemTranslationImporter',
      'plannedGoodsReceiptsImporter',
      'itemBarcoder',
      'defaultItemLocationConfigurer',
      'countingListCreator',
      'actionBarcodeGenerator',
      'spreadsheetViewer',
      'masterData',
      'userSettings',
      'taskManager',
      'myUserTasks',
    ]);
  });

  it('shows every app to an admin in some combination of settings', () => {
    const seen = new Set(
      allSettingContexts().flatMap((context) => ids(visibleApps(apps, context, { builtOnly: false }))),
    );
    expect([...seen].sort()).toEqual(ids(apps).sort());
  });

  it("shows the demo operator only what the operator's roles allow", () => {
    const context: Partial<VisibilityContext> = { expandedRoles: expandRoles(operatorRoles) };
    expect(visibleIds(context)).toEqual([
      'dashboard',
      'itemInfo',
      'locationInfo',
      'stockTransfer',
      'multiStockTransfer',
      'locationStockTransfer',
      'wallToWall',
      'recounting',
      'batchCorrection',
      'replenishment',
      'stockStorage',
      'goodsReceipt',
      'finishedGoodsReceipt',
      'pickAndPack',
      'stockPicking',
      'packAndDelivery',
      'deliveryDispatch',
      'packingSlip',
      'multiAddressDelivery',
      'userSettings',
      'myUserTasks',
      'about',
    ]);
    for (const adminOnly of ['systemConfig', 'logViewer', 'languageManager', 'taskManager', 'broadcaster', 'alerting'])
      expect(visibleIds(context), adminOnly).not.toContain(adminOnly);
    expect(ids(visibleApps(apps, { ...base, ...context }))).toEqual([
      'dashboard',
      'itemInfo',
      'locationInfo',
      'stockTransfer',
      'multiStockTransfer',
      'locationStockTransfer',
      'wallToWall',
      'recounting',
      'batchCorrection',
      'goodsReceipt',
      'finishedGoodsReceipt',
      'pickAndPack',
      'stockPicking',
      'packAndDelivery',
      'deliveryDispatch',
      'packingSlip',
      'multiAddressDelivery',
      'userSettings',
      'myUserTasks',
    ]);
  });

  it('shows a signed-in user without roles only the apps for everybody', () => {
    expect(visibleIds({ expandedRoles: [] })).toEqual(['dashboard', 'userSettings', 'myUserTasks', 'about']);
    expect(visibleIds({ expandedRoles: new Set<Role>(['translationManager']) })).toContain('languageManager');
  });

  it('flips on the operation mode alone', () => {
    expect(visible('wallToWall', {})).toBe(true);
    expect(visible('wallToWall', { operationMode: 'WALL_TO_WALL_BATCHING_MODE' })).toBe(false);
    expect(visible('wallToWallBatch', { operationMode: 'WALL_TO_WALL_BATCHING_MODE' })).toBe(true);
    expect(visible('wallToWallBatch', {})).toBe(false);
    // 'ALL' (or no operation modes) matches both.
    expect(visible('itemInfo', { operationMode: 'WALL_TO_WALL_BATCHING_MODE' })).toBe(true);
  });

  it('flips on the role alone, and an authorisation stands in for the app role', () => {
    expect(visible('stockTransfer', { expandedRoles: ['stockTransfer'] })).toBe(true);
    expect(visible('stockTransfer', { expandedRoles: ['picking'] })).toBe(false);
    expect(visible('picklists', { expandedRoles: ['picklistOverviewAuthManageClaims'] })).toBe(true);
    expect(visible('claimOverview', { expandedRoles: ['deliveryAuthManageClaims'] })).toBe(true);
    expect(visible('claimOverview', { expandedRoles: ['delivery'] })).toBe(false);
    expect(visible('taskManager', { expandedRoles: ['userTaskManager'] })).toBe(true);
    expect(visible('broadcaster', { expandedRoles: ['broadcasting'] })).toBe(true);
    expect(visible('alerting', { expandedRoles: ['alerting'] })).toBe(true);
    expect(visible('systemConfig', { expandedRoles: expandRoles(operatorRoles) })).toBe(false);
  });

  it('needs at least one enabled extension of the app', () => {
    expect(visible('itemInfo', { enabledExtensions: ['basic'] })).toBe(false);
    expect(visible('itemInfo', { enabledExtensions: ['informationApps'] })).toBe(true);
    expect(visible('multiStockTransfer', { enabledExtensions: ['basic'] })).toBe(false);
    expect(visible('kardexStorage', { enabledExtensions: ['kardexIntegration'] })).toBe(true);
    // Apps listing no extension do not need one.
    expect(visible('userSettings', { enabledExtensions: [] })).toBe(true);
    expect(visible('systemConfig', { enabledExtensions: [] })).toBe(true);
  });

  it('applies each extra check on its own', () => {
    expect(visible('exactOnlineConfig', { erpType: 'EXACT_ONLINE' })).toBe(true);
    expect(visible('exactOnlineConfig', { erpType: 'SAP' })).toBe(false);
    expect(visible('exactOnlineConfig', { erpType: 'EXACT_ONLINE', expandedRoles: ['information'] })).toBe(false);

    const split = { qualityControlApproach: 'PERFORM_VERIFY_SEPARATE_STEP' } as const;
    expect(visibleIds(split).filter((id) => id.startsWith('qualityControl'))).toEqual([
      'qualityControlPerform',
      'qualityControlVerify',
    ]);
    expect(visibleIds({}).filter((id) => id.startsWith('qualityControl'))).toEqual(['qualityControl']);
    expect(visible('qualityControlVerify', { ...split, expandedRoles: ['qualityControl'] })).toBe(false);

    const delivery = (splitPackAndDelivery: boolean, enableDeliveryDispatchApplication: boolean) =>
      visibleIds({ delivery: { splitPackAndDelivery, enableDeliveryDispatchApplication } }).filter((id) =>
        ['packAndDelivery', 'pack', 'delivery', 'deliveryDispatch'].includes(id),
      );
    expect(delivery(false, false)).toEqual(['packAndDelivery']);
    expect(delivery(true, false)).toEqual(['pack', 'delivery']);
    expect(delivery(true, true)).toEqual(['pack', 'delivery', 'deliveryDispatch']);

    expect(visible('devPlayground', { runtimeType: 'TEST' })).toBe(true);
    expect(visible('devPlayground', { runtimeType: 'DEV' })).toBe(true);
    expect(visible('devPlayground', { runtimeType: 'PRODUCTION' })).toBe(false);
  });

  it('shows master data only with ERP type NONE, and only to a masterDataManager', () => {
    expect(app('masterData').condition.extraChecks).toEqual(['erpTypeNone']);
    expect(visible('masterData', { erpType: 'NONE' })).toBe(true);
    for (const erpType of erpTypes.filter((type) => type !== 'NONE'))
      expect(visible('masterData', { erpType }), erpType).toBe(false);
    expect(visible('masterData', { expandedRoles: ['masterDataManager'] })).toBe(true);
    expect(visible('masterData', { expandedRoles: expandRoles(operatorRoles) })).toBe(false);
    expect(findAppByPath(apps, '/setup/master_data')?.id).toBe('masterData');
  });

  it('lists built apps only by default, in registry order', () => {
    expect(ids(visibleApps(apps, base))).toEqual([
      'dashboard',
      'itemInfo',
      'locationInfo',
      'stockTransfer',
      'multiStockTransfer',
      'locationStockTransfer',
      'wallToWall',
      'recounting',
      'batchCorrection',
      'goodsReceipt',
      'goodsSorting',
      'goodsReturns',
      'finishedGoodsReceipt',
      'workConfirmation',
      'workConfirmationVerification',
      'pickAndPack',
      'stockPicking',
      'pickAndCollect',
      'packAndDelivery',
      'deliveryDispatch',
      'packingSlip',
      'multiAddressDelivery',
      'addressValidation',
      'picklists',
      'purchaseImporter',
      'orderImporter',
      'itemPriceImporter',
      'itemTranslationImporter',
      'plannedGoodsReceiptsImporter',
      'itemBarcoder',
      'defaultItemLocationConfigurer',
      'countingListCreator',
      'actionBarcodeGenerator',
      'spreadsheetViewer',
      'masterData',
      'userSettings',
      'taskManager',
      'myUserTasks',
    ]);
    expect(ids(visibleApps(apps, base, { builtOnly: true }))).toEqual([
      'dashboard',
      'itemInfo',
      'locationInfo',
      'stockTransfer',
      'multiStockTransfer',
      'locationStockTransfer',
      'wallToWall',
      'recounting',
      'batchCorrection',
      'goodsReceipt',
      'goodsSorting',
      'goodsReturns',
      'finishedGoodsReceipt',
      'workConfirmation',
      'workConfirmationVerification',
      'pickAndPack',
      'stockPicking',
      'pickAndCollect',
      'packAndDelivery',
      'deliveryDispatch',
      'packingSlip',
      'multiAddressDelivery',
      'addressValidation',
      'picklists',
      'purchaseImporter',
      'orderImporter',
      'itemPriceImporter',
      'itemTranslationImporter',
      'plannedGoodsReceiptsImporter',
      'itemBarcoder',
      'defaultItemLocationConfigurer',
      'countingListCreator',
      'actionBarcodeGenerator',
      'spreadsheetViewer',
      'masterData',
      'userSettings',
      'taskManager',
      'myUserTasks',
    ]);
    expect(visibleApps(apps, base, { builtOnly: false }).length).toBeGreaterThan(60);
  });
});
