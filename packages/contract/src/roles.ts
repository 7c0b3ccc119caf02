/**
 * Roles and the role hierarchy.
 *
 * A user holds a list of roles. The hierarchy says which roles a role implies; expandRoles gives
 * the closure, sent to the client as expandedRoles and used by every server-side check.
 * Authorisations ("Auth" sub-permissions) are roles too; an authorisation of an app role is
 * named <appRole>Auth<What> and implies its app role, so granting it makes the app usable.
 */
export const appRoles = [
  'none',
  'admin',
  'information',
  'stockTransfer',
  'replenishment',
  'stockStorage',
  'kardexReplenishment',
  'kardexStorage',
  'picking',
  'counting',
  'recounting',
  'delivery',
  'picklistGenerator',
  'translationManager',
  'userManager',
  'userManagerAuthScreenCapture',
  'whsPerformance',
  'goodsReceipt',
  'goodsSorting',
  'sales',
  'purchasing',
  'production',
  'productionManager',
  'barcodeSetup',
  'countingListCreator',
  'qualityControl',
  'broadcasting',
  'batchPrinting',
  'addressValidation',
  'salesReturns',
  'multiAddressDeliveries',
  'stockCorrections',
  'reporting',
  'restApiConfigurator',
  'restApiAccessManager',
  'picklistOverview',
  'priceListUpload',
  'itemTranslationUpload',
  'plannedGoodsReceiptsDraftImporter',
  /** Decision 0176: creates, edits and imports items, locations, warehouses, partners and opening stock when the ERP type is NONE. */
  'masterDataManager',
  'itemManagedByEdit',
  'userFunctions',
  'pickAndCollect',
  'labelGenerator',
  'itemAuthCreateProductionOrder',
  'productionPlanner',
  'alerting',
  'userApiCalls',
  'userTaskManager',
  'kanban',
] as const;

/** Authorisations: sub-permissions shown under their app in the roles tab. */
export const authorizations = [
  'authEditProtectedDeviceSettings',
  'authCopyObjectCodes',
  'defaultItemBinLocationEdit',
  'kanbanAuthManage',
  'kanbanAuthCreate',
  'pickingAuthManageClaims',
  'pickingAuthCreatePicklist',
  'picklistOverviewAuthManageClaims',
  'countingAuthManageClaims',
  'recountingAuthManageClaims',
  'goodsReceiptAuthManageClaims',
  'goodsReceiptAuthOverReceipt',
  'salesReturnsAuthManageClaims',
  'deliveryAuthManageClaims',
  'stockTransferAuthMoveRestricted',
  'qualityControlAuthVerify',
  'informationAuthSetCountingState',
  'informationAuthEditLocation',
  /** Decision 0185: cancels a CREATED delivery (the stock goes back into its containers). */
  'deliveryAuthCancel',
  /** Decision 0189: counts a location in /wall_to_wall that nobody asked to count (requiresCounting NO). */
  'countingAuthCountUnrequested',
  /** Decision 0191: reviews recounts that agree with neither the first count nor the system, and requests recounts. */
  'recountingAuthReview',
  /** Decision 0192: flushes any counting list (not only one's own claim) and excludes locations from it. */
  'countingListCreatorAuthFlush',
] as const;

export const roles = [...appRoles, ...authorizations] as const;
export type Role = (typeof roles)[number];

const roleSet: ReadonlySet<string> = new Set(roles);
export function isRole(value: string): value is Role {
  return roleSet.has(value);
}

/** Direct implications: holding the key role grants every role listed. */
export const roleHierarchy: Readonly<Partial<Record<Role, readonly Role[]>>> = {
  admin: roles.filter((role) => role !== 'admin' && role !== 'none'),
  productionManager: ['production', 'productionPlanner', 'itemAuthCreateProductionOrder'],
  picklistGenerator: ['picklistOverview'],
  countingListCreator: ['counting'],
  kanbanAuthManage: ['kanbanAuthCreate', 'kanban'],
  kanbanAuthCreate: ['kanban'],
  pickingAuthManageClaims: ['picking'],
  pickingAuthCreatePicklist: ['picking'],
  picklistOverviewAuthManageClaims: ['picklistOverview'],
  countingAuthManageClaims: ['counting'],
  recountingAuthManageClaims: ['recounting'],
  goodsReceiptAuthManageClaims: ['goodsReceipt'],
  goodsReceiptAuthOverReceipt: ['goodsReceipt'],
  salesReturnsAuthManageClaims: ['salesReturns'],
  deliveryAuthManageClaims: ['delivery'],
  stockTransferAuthMoveRestricted: ['stockTransfer'],
  qualityControlAuthVerify: ['qualityControl'],
  informationAuthSetCountingState: ['information'],
  informationAuthEditLocation: ['information'],
  userManagerAuthScreenCapture: ['userManager'],
  deliveryAuthCancel: ['delivery'],
  countingAuthCountUnrequested: ['counting'],
  recountingAuthReview: ['recounting'],
  countingListCreatorAuthFlush: ['countingListCreator'],
};

/** The closure of the hierarchy over the given roles; unknown names are dropped. */
export function expandRoles(granted: readonly string[]): Role[] {
  const result = new Set<Role>();
  const queue = granted.filter(isRole);
  while (queue.length > 0) {
    const role = queue.pop() as Role;
    if (result.has(role)) continue;
    result.add(role);
    for (const implied of roleHierarchy[role] ?? []) queue.push(implied);
  }
  return roles.filter((role) => result.has(role));
}
