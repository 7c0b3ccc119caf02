import type { Extension, OperationMode } from './enums.js';
import type { Role } from './roles.js';
import { claimOverviewRoles } from './api/claims.js';

/**
 * The application registry: every menu app with its path, sub-paths,
 * group, icon, title key and visibility condition. The menu, the dashboard and the routes are
 * built from it; an app appears only when it is visible (visibility.ts) and built.
 */
export const appGroups = [
  'dashboard',
  'warehouse',
  'inbound',
  'production',
  'outbound',
  'importers',
  'qualityControl',
  'setup',
  'tools',
  'exactOnline',
  'other',
  'dev',
] as const;
export type AppGroup = (typeof appGroups)[number];

/** 'ALL' matches every operation mode. */
export type AppOperationMode = OperationMode | 'ALL';

/**
 * Checks beyond role, extension and operation mode, each named after the
 * system setting it reads.
 */
export const extraChecks = [
  /** erpType is EXACT_ONLINE. */
  'erpTypeExactOnline',
  /** erpType is NONE: the WMS keeps its own master data (docs/decisions/0179-standalone-master-data.md). */
  'erpTypeNone',
  /** qualityControlApproach is PERFORM_VERIFY_SEPARATE_STEP: perform and verify are two apps. */
  'qualityControlSeparateSteps',
  /** qualityControlApproach is not PERFORM_VERIFY_SEPARATE_STEP: one quality control app. */
  'qualityControlSingleStep',
  /** delivery.splitPackAndDelivery is on: /pack and /delivery. */
  'splitPackAndDelivery',
  /** delivery.splitPackAndDelivery is off: /pack_and_delivery. */
  'combinedPackAndDelivery',
  /** delivery.enableDeliveryDispatchApplication is on. */
  'deliveryDispatchEnabled',
  /** The server runs as TEST or DEV. */
  'devRuntime',
] as const;
export type ExtraCheck = (typeof extraChecks)[number];

export interface AppCondition {
  /** The app's role; the user needs it in expandedRoles, or one of appAuthorizations. */
  appRole?: Role;
  appAuthorizations?: readonly Role[];
  /** At least one must be enabled; absent or empty: no extension needed. */
  extensions?: readonly Extension[];
  /** Absent: ['ALL']. */
  operationModes?: readonly AppOperationMode[];
  extraChecks?: readonly ExtraCheck[];
}

export interface AppDefinition {
  /** Stable id, also the key of the app's React component in the web registry. */
  id: string;
  /** Absolute path, matched exactly. */
  path: string;
  /** Paths below `path` that belong to the app, e.g. '/:itemcode' for '/item/item_info/:itemcode'. */
  subPaths: readonly string[];
  group: AppGroup;
  /** A Bootstrap Icons name (without the 'bi-' prefix). */
  icon: string;
  /** Key of the app's title in the `apps` translation namespace. */
  titleKey: string;
  condition: AppCondition;
  /** May be opened in a modal above another app (swipe the menu item). */
  allowedAsSubApp?: boolean;
  /** Works end to end; only built apps are shown and routed. */
  built: boolean;
}

type AppInput = Omit<AppDefinition, 'subPaths' | 'built' | 'titleKey'> & {
  subPaths?: readonly string[];
  built?: boolean;
};

/** Title key = id; sub-paths and built default to none and false. */
function app(input: AppInput): AppDefinition {
  return { subPaths: [], built: false, titleKey: input.id, ...input };
}

const info: readonly Extension[] = ['informationApps'];
const basic: readonly Extension[] = ['basic'];
const normal: readonly AppOperationMode[] = ['NORMAL'];

export const apps: readonly AppDefinition[] = [
  // Dashboard
  app({ id: 'dashboard', path: '/dashboard', group: 'dashboard', icon: 'grid-3x3-gap', condition: {}, built: true }),

  // Warehouse
  app({
    id: 'itemInfo',
    path: '/item/item_info',
    subPaths: ['/:itemcode'],
    group: 'warehouse',
    icon: 'box-seam',
    condition: { appRole: 'information', extensions: info },
    allowedAsSubApp: true,
    built: true,
  }),
  app({
    id: 'locationInfo',
    path: '/location/location_info',
    subPaths: ['/:bincode'],
    group: 'warehouse',
    icon: 'geo-alt',
    condition: { appRole: 'information', extensions: info },
    allowedAsSubApp: true,
    built: true,
  }),
  app({
    id: 'stockTransfer',
    path: '/item/stock_transfer',
    group: 'warehouse',
    icon: 'arrow-left-right',
    condition: { appRole: 'stockTransfer', extensions: basic },
    allowedAsSubApp: true,
    built: true,
  }),
  app({
    id: 'multiStockTransfer',
    path: '/item/multi_stock_transfer',
    group: 'warehouse',
    icon: 'arrows-move',
    condition: { appRole: 'stockTransfer', extensions: ['stockTransferEnhancements'] },
    built: true,
  }),
  app({
    id: 'locationStockTransfer',
    path: '/item/location_stock_transfer',
    group: 'warehouse',
    icon: 'box-arrow-right',
    condition: { appRole: 'stockTransfer', extensions: ['stockTransferEnhancements'] },
    built: true,
  }),
  app({
    id: 'wallToWall',
    path: '/wall_to_wall',
    subPaths: ['/request'],
    group: 'warehouse',
    icon: 'clipboard-check',
    condition: { appRole: 'counting', extensions: ['wallToWall'], operationModes: normal },
    built: true,
  }),
  app({
    id: 'wallToWallBatch',
    path: '/wall_to_wall_batch',
    subPaths: ['/process'],
    group: 'warehouse',
    icon: 'clipboard-data',
    condition: { appRole: 'counting', extensions: ['wallToWall'], operationModes: ['WALL_TO_WALL_BATCHING_MODE'] },
    built: true,
  }),
  app({
    id: 'recounting',
    path: '/recounting',
    subPaths: ['/request'],
    group: 'warehouse',
    icon: 'arrow-repeat',
    condition: { appRole: 'recounting', extensions: basic },
    built: true,
  }),
  app({
    id: 'batchCorrection',
    path: '/corrections/batch_correction',
    group: 'warehouse',
    icon: 'pencil-square',
    condition: { appRole: 'stockCorrections', extensions: basic },
    built: true,
  }),
  app({
    id: 'replenishment',
    path: '/replenishment',
    group: 'warehouse',
    icon: 'arrow-up-square',
    condition: { appRole: 'replenishment', extensions: basic, operationModes: normal },
  }),
  app({
    id: 'stockStorage',
    path: '/stock_storage',
    subPaths: ['/request'],
    group: 'warehouse',
    icon: 'box-arrow-in-down',
    condition: { appRole: 'stockStorage', extensions: basic, operationModes: normal },
  }),
  app({
    id: 'kardexReplenishment',
    path: '/kardex/replenishment',
    group: 'warehouse',
    icon: 'layers',
    condition: { appRole: 'kardexReplenishment', extensions: ['kardexIntegration'], operationModes: normal },
  }),
  app({
    id: 'kardexStorage',
    path: '/kardex/storage',
    group: 'warehouse',
    icon: 'layers-half',
    condition: { appRole: 'kardexStorage', extensions: ['kardexIntegration'], operationModes: normal },
  }),

  // Inbound
  app({
    id: 'goodsReceipt',
    path: '/goods_receipt',
    subPaths: ['/:id'],
    group: 'inbound',
    icon: 'truck',
    condition: { appRole: 'goodsReceipt', extensions: basic, operationModes: normal },
    built: true,
  }),
  app({
    id: 'goodsSorting',
    path: '/goods_sorting',
    subPaths: ['/location'],
    group: 'inbound',
    icon: 'diagram-3',
    condition: { appRole: 'goodsSorting', extensions: basic, operationModes: normal },
    built: true,
  }),
  app({
    id: 'goodsReturns',
    path: '/goods_returns',
    subPaths: ['/:id'],
    group: 'inbound',
    icon: 'arrow-return-left',
    condition: { appRole: 'salesReturns', extensions: basic, operationModes: normal },
    built: true,
  }),
  app({
    id: 'finishedGoodsReceipt',
    path: '/finished_goods_receipt',
    group: 'inbound',
    icon: 'box2-heart',
    // The receipt's role (PROCESSES.md 1.4): the routes need goodsReceipt too.
    condition: { appRole: 'goodsReceipt', extensions: ['production'], operationModes: normal },
    built: true,
  }),

  // Production
  app({
    id: 'productionPlanner',
    path: '/production/planner',
    group: 'production',
    icon: 'calendar-week',
    condition: { appRole: 'productionPlanner', extensions: ['production'] },
  }),
  app({
    id: 'materialConfirmation',
    path: '/production/material_confirmation',
    subPaths: ['/:step'],
    group: 'production',
    icon: 'boxes',
    condition: { appRole: 'production', extensions: ['production'], operationModes: normal },
  }),
  app({
    id: 'productConfirmation',
    path: '/production/product_confirmation',
    subPaths: ['/:step'],
    group: 'production',
    icon: 'box-seam-fill',
    condition: { appRole: 'production', extensions: ['production'], operationModes: normal },
  }),
  app({
    id: 'workConfirmation',
    path: '/production/work_confirmation',
    group: 'production',
    icon: 'stopwatch',
    condition: { appRole: 'production', extensions: ['production'] },
    built: true,
  }),
  app({
    id: 'workConfirmationVerification',
    path: '/production/work_confirmation_verification',
    group: 'production',
    icon: 'patch-check',
    condition: { appRole: 'productionManager', extensions: ['production'] },
    built: true,
  }),
  ...outboundApps(),
  ...importerApps(),
  ...qualityControlApps(),
  ...setupApps(),
  ...toolApps(),

  // Exact Online only
  app({
    id: 'exactOnlineConfig',
    path: '/exact_online/config',
    group: 'exactOnline',
    icon: 'plug',
    condition: { appRole: 'admin', extraChecks: ['erpTypeExactOnline'] },
  }),
  app({
    id: 'exactOnlineDatabaseState',
    path: '/exact_online/database_state',
    group: 'exactOnline',
    icon: 'database-check',
    condition: { appRole: 'admin', extraChecks: ['erpTypeExactOnline'] },
  }),

  // Other
  app({ id: 'myUserTasks', path: '/my_user_tasks', group: 'other', icon: 'list-task', condition: {}, built: true }),
  app({ id: 'kanban', path: '/kanban', group: 'other', icon: 'kanban', condition: { appRole: 'kanban' } }),
  app({ id: 'about', path: '/about', group: 'other', icon: 'info-circle', condition: {} }),
  ...devApps(),
];

function outboundApps(): AppDefinition[] {
  const outbound = (input: Omit<AppInput, 'group'>) => app({ ...input, group: 'outbound' });
  return [
    outbound({
      id: 'pickAndPack',
      path: '/pick_and_pack',
      subPaths: ['/process'],
      icon: 'bag-check',
      condition: { appRole: 'picking', extensions: ['pickAndPack'], operationModes: normal },
      built: true,
    }),
    outbound({
      id: 'stockPicking',
      path: '/stock_picking',
      subPaths: ['/process'],
      icon: 'cart3',
      condition: { appRole: 'picking', extensions: basic, operationModes: normal },
      built: true,
    }),
    outbound({
      id: 'pickAndCollect',
      path: '/pick_and_collect',
      subPaths: ['/process'],
      icon: 'basket',
      condition: { appRole: 'pickAndCollect', extensions: ['pickAndPack'], operationModes: normal },
      built: true,
    }),
    outbound({
      id: 'packAndDelivery',
      path: '/pack_and_delivery',
      subPaths: ['/process'],
      icon: 'box-arrow-up-right',
      condition: {
        appRole: 'delivery',
        extensions: basic,
        operationModes: normal,
        extraChecks: ['combinedPackAndDelivery'],
      },
      built: true,
    }),
    outbound({
      id: 'pack',
      path: '/pack',
      subPaths: ['/process'],
      icon: 'box',
      condition: {
        appRole: 'delivery',
        extensions: basic,
        operationModes: normal,
        extraChecks: ['splitPackAndDelivery'],
      },
      built: true,
    }),
    outbound({
      id: 'delivery',
      path: '/delivery',
      icon: 'truck-flatbed',
      condition: {
        appRole: 'delivery',
        extensions: basic,
        operationModes: normal,
        extraChecks: ['splitPackAndDelivery'],
      },
      built: true,
    }),
    outbound({
      id: 'deliveryDispatch',
      path: '/delivery_dispatch',
      icon: 'send',
      condition: {
        appRole: 'delivery',
        extensions: basic,
        operationModes: normal,
        extraChecks: ['deliveryDispatchEnabled'],
      },
      built: true,
    }),
    outbound({
      id: 'packingSlip',
      path: '/packing_slip',
      icon: 'receipt',
      condition: { appRole: 'delivery', extensions: ['packingSlip'] },
      built: true,
    }),
    outbound({
      id: 'multiAddressDelivery',
      path: '/multi_address_delivery',
      icon: 'signpost-split',
      condition: { appRole: 'multiAddressDeliveries', extensions: ['batchDelivery'], operationModes: normal },
      built: true,
    }),
    outbound({
      id: 'addressValidation',
      path: '/address_validation',
      icon: 'envelope-check',
      condition: { appRole: 'addressValidation', extensions: basic },
      built: true,
    }),
    outbound({
      id: 'picklists',
      path: '/picklists',
      icon: 'card-checklist',
      condition: {
        appRole: 'picklistOverview',
        appAuthorizations: ['picklistOverviewAuthManageClaims'],
        extensions: basic,
      },
      built: true,
    }),
  ];
}

function importerApps(): AppDefinition[] {
  const importer = (id: string, path: string, icon: string, appRole: Role) =>
    app({ id, path, icon, group: 'importers', condition: { appRole, extensions: ['orderImporters'] }, built: true });
  return [
    importer('purchaseImporter', '/order/purchase_importer', 'file-earmark-arrow-down', 'purchasing'),
    importer('orderImporter', '/order/importer', 'file-earmark-arrow-up', 'sales'),
    importer('itemPriceImporter', '/order/item_price_importer', 'currency-euro', 'priceListUpload'),
    importer('itemTranslationImporter', '/order/item_translation_importer', 'translate', 'itemTranslationUpload'),
    importer(
      'plannedGoodsReceiptsImporter',
      '/shipment/planned_goods_receipts_importer',
      'calendar-plus',
      'plannedGoodsReceiptsDraftImporter',
    ),
  ];
}

/** One app when perform and verify are one step; two when they are separate steps (same perform path). */
function qualityControlApps(): AppDefinition[] {
  return [
    app({
      id: 'qualityControl',
      path: '/qc/perform_qc',
      group: 'qualityControl',
      icon: 'clipboard2-pulse',
      condition: { appRole: 'qualityControl', extraChecks: ['qualityControlSingleStep'] },
    }),
    app({
      id: 'qualityControlPerform',
      path: '/qc/perform_qc',
      group: 'qualityControl',
      icon: 'clipboard2-pulse',
      condition: { appRole: 'qualityControl', extraChecks: ['qualityControlSeparateSteps'] },
    }),
    app({
      id: 'qualityControlVerify',
      path: '/qc/verify_qc',
      subPaths: ['/:step'],
      group: 'qualityControl',
      icon: 'clipboard2-check',
      condition: { appRole: 'qualityControlAuthVerify', extraChecks: ['qualityControlSeparateSteps'] },
    }),
  ];
}

function setupApps(): AppDefinition[] {
  return [
    app({
      id: 'itemBarcoder',
      path: '/setup/item_barcoder',
      group: 'setup',
      icon: 'upc-scan',
      built: true,
      condition: { appRole: 'barcodeSetup', extensions: basic },
    }),
    app({
      id: 'defaultItemLocationConfigurer',
      path: '/default_item_location_configurer',
      group: 'setup',
      icon: 'pin-map',
      built: true,
      condition: { appRole: 'defaultItemBinLocationEdit', extensions: ['itemDefaultLocationUpdater'] },
    }),
    app({
      id: 'countingListCreator',
      path: '/counting_list_creator',
      group: 'setup',
      icon: 'list-ol',
      condition: { appRole: 'countingListCreator', extensions: basic },
      built: true,
    }),
    app({
      id: 'actionBarcodeGenerator',
      path: '/action_barcode_generator',
      group: 'setup',
      icon: 'qr-code',
      built: true,
      condition: { appRole: 'labelGenerator' },
    }),
    app({
      id: 'spreadsheetViewer',
      path: '/spreadsheetviewer',
      group: 'setup',
      icon: 'table',
      built: true,
      condition: { appRole: 'reporting' },
    }),
    app({
      id: 'masterData',
      path: '/setup/master_data',
      group: 'setup',
      icon: 'database-gear',
      built: true,
      condition: { appRole: 'masterDataManager', extraChecks: ['erpTypeNone'] },
    }),
  ];
}

function toolApps(): AppDefinition[] {
  const tool = (id: string, path: string, icon: string, condition: AppCondition, extra: Partial<AppInput> = {}) =>
    app({ id, path, icon, group: 'tools', condition, ...extra });
  return [
    tool('systemConfig', '/admin/system_config', 'gear', { appRole: 'admin' }),
    tool('customizer', '/admin/customizer', 'palette', { appRole: 'admin' }),
    tool('systemUpdater', '/admin/system_updater', 'cloud-arrow-down', { appRole: 'admin' }),
    tool('employeeInfo', '/admin/employee_info', 'person-badge', {
      appRole: 'whsPerformance',
      extensions: ['whsPerformance'],
    }),
    tool(
      'whsPerformance',
      '/admin/whs_performance',
      'graph-up',
      { appRole: 'whsPerformance', extensions: ['whsPerformance'] },
      { subPaths: ['/create'] },
    ),
    tool('languageManager', '/admin/language_manager', 'translate', { appRole: 'translationManager' }),
    tool('userSettings', '/user/settings', 'person-gear', {}, { built: true, allowedAsSubApp: true }),
    tool('taskManager', '/taskmanager', 'person-workspace', { appRole: 'userTaskManager' }, { built: true }),
    tool('serviceDiscovery', '/serviceDiscovery', 'broadcast-pin', { appRole: 'admin' }),
    tool('deliveryConfirmationConfig', '/admin/delivery_confirmation_config', 'check2-square', { appRole: 'admin' }),
    tool('restApi', '/admin/restApi', 'braces', { appRole: 'restApiConfigurator' }),
    tool('restClientAccess', '/admin/restClientAccess', 'key', { appRole: 'restApiAccessManager' }),
    tool('analyticsTools', '/analyticsTools', 'bar-chart', { appRole: 'admin' }),
    tool('broadcaster', '/broadCaster', 'megaphone', { appRole: 'broadcasting' }),
    tool('claimOverview', '/claimOverview', 'person-lock', { appAuthorizations: claimOverviewRoles }),
    tool('printerTool', '/printerTool', 'printer', { appRole: 'batchPrinting' }),
    tool('reporter', '/reporter', 'file-earmark-bar-graph', { appRole: 'reporting' }),
    tool('userFunctions', '/user_functions', 'lightning', { appRole: 'userFunctions' }),
    tool('userApi', '/user_api', 'cloud', { appRole: 'userApiCalls' }),
    tool('alerting', '/alerting', 'bell', { appRole: 'alerting' }),
    tool('labelDesigner', '/label_designer', 'tag', { appRole: 'labelGenerator' }),
    tool('logViewer', '/logviewer', 'journal-text', { appRole: 'admin' }),
    tool('systemEvents', '/system_events', 'activity', { appRole: 'admin' }),
    tool('fileManager', '/fileManager', 'folder2-open', { appRole: 'admin' }),
  ];
}

/** Developer tools: shown only when the server runs as TEST or DEV. */
function devApps(): AppDefinition[] {
  const dev = (id: string, path: string, icon: string) =>
    app({ id, path, icon, group: 'dev', condition: { appRole: 'admin', extraChecks: ['devRuntime'] } });
  return [
    dev('devStateMachine', '/dev/state_machine', 'diagram-2'),
    dev('devRoleHierarchy', '/dev/role_hierarchy', 'diagram-3-fill'),
    dev('devBurst', '/dev/burst', 'lightning-charge'),
    dev('devKeylogger', '/dev/keylogger', 'keyboard'),
    dev('devPlayground', '/dev/playground', 'controller'),
    dev('devPeripheralConfig', '/dev/peripheral_config', 'usb-symbol'),
    dev('devPeripheralTest', '/dev/peripheral_test', 'usb-plug'),
  ];
}

const appsById: ReadonlyMap<string, AppDefinition> = new Map(apps.map((entry) => [entry.id, entry]));

export function appById(id: string): AppDefinition | undefined {
  return appsById.get(id);
}

/** Whether a pathname matches a route pattern exactly; ':name' segments match one non-empty segment. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, index) => {
    const actual = have[index] ?? '';
    return segment.startsWith(':') ? actual.length > 0 : segment === actual;
  });
}

/** The first of the given apps whose path or a sub-path matches the pathname exactly. */
export function findAppByPath(candidates: readonly AppDefinition[], pathname: string): AppDefinition | undefined {
  return candidates.find((entry) => appRoutePaths(entry).some((pattern) => pathMatches(pattern, pathname)));
}

/** Every route path of an app: its path and each sub-path below it. */
export function appRoutePaths(entry: AppDefinition): string[] {
  return [entry.path, ...entry.subPaths.map((subPath) => entry.path + subPath)];
}
