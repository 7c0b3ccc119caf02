import type { Role } from '@wms/contract';

export interface DemoUser {
  username: string;
  password: string;
  roles: Role[];
  description: string;
}

/** Demo users for typical role profiles; the README lists them. Password = username. */
export const demoUsers: DemoUser[] = [
  { username: 'admin', password: 'admin', roles: ['admin'], description: 'administrator: every role' },
  {
    username: 'operator',
    password: 'operator',
    roles: [
      'information',
      'stockTransfer',
      'picking',
      'counting',
      'recounting',
      'goodsReceipt',
      'goodsSorting',
      'salesReturns',
      'delivery',
      'multiAddressDeliveries',
      'replenishment',
      'stockStorage',
      'stockCorrections',
    ],
    description: 'warehouse operator on a handheld',
  },
  {
    username: 'picker2',
    password: 'picker2',
    roles: ['information', 'picking', 'pickAndCollect'],
    description: 'a second picker (pick and collect next to the operator)',
  },
  {
    username: 'manager',
    password: 'manager',
    roles: [
      'information',
      'stockTransfer',
      'stockTransferAuthMoveRestricted',
      'pickingAuthManageClaims',
      'picklistGenerator',
      'countingListCreator',
      'countingAuthManageClaims',
      'recountingAuthReview',
      'goodsReceiptAuthManageClaims',
      'goodsReceiptAuthOverReceipt',
      'goodsSorting',
      'salesReturnsAuthManageClaims',
      'deliveryAuthManageClaims',
      'stockCorrections',
      'qualityControlAuthVerify',
      'productionManager',
      'reporting',
      'whsPerformance',
      'barcodeSetup',
      'itemManagedByEdit',
      'defaultItemBinLocationEdit',
      'authEditProtectedDeviceSettings',
      'authCopyObjectCodes',
      'broadcasting',
    ],
    description: 'shift manager: verifies deviations, manages claims and lists',
  },
  {
    username: 'production',
    password: 'production',
    roles: ['production', 'information'],
    description: 'production worker: confirms work times and finished products',
  },
  {
    username: 'taskmanager',
    password: 'taskmanager',
    roles: ['userTaskManager', 'information'],
    description: 'creates and assigns user tasks',
  },
  { username: 'usermanager', password: 'usermanager', roles: ['userManager'], description: 'manages users and roles' },
  {
    username: 'translator',
    password: 'translator',
    roles: ['translationManager'],
    description: 'edits translations',
  },
];
