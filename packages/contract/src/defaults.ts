import type { SystemSettings } from './api/config.js';

/** Settings of a new installation. */
export const defaultSystemSettings: SystemSettings = {
  allowEmptyPassword: false,
  scannerParseItemBarcode: true,
  customCssCode: '',
  sessionViewerRtcConfig: { iceServers: [] },
  allowUsersToChangePassword: false,
  wmsHasBeenConfigured: false,
  warehouseName: '',
  customerId: 'default',
  licenseExpirationDate: null,
  operationMode: 'NORMAL',
  enabledExtensions: ['informationApps', 'basic'],
  erpType: 'NONE',
  qualityControlApproach: 'PERFORM_ONLY',
  delivery: { splitPackAndDelivery: false, enableDeliveryDispatchApplication: false },
  scanner: {
    scannerPlus: '^\\[PLUS(\\d+(?:\\.\\d+)?)\\]$',
    scannerMinus: '^\\[MIN(\\d+(?:\\.\\d+)?)\\]$',
    scannerOk: '^\\[OK\\]$',
    scannerQtyMaxAtOnce: 10000,
    weightTable: [
      { name: 'mg', toMG: 1 },
      { name: 'g', toMG: 1000 },
      { name: 'kg', toMG: 1_000_000 },
    ],
    volumeTable: [
      { name: 'ml', toML: 1 },
      { name: 'cl', toML: 10 },
      { name: 'l', toML: 1000 },
    ],
    scannerQtyAllowBatchSerialItemScanWithoutBatchCheck: false,
    scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneOnLocation: true,
    scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneAllowed: true,
    scannerItemIdentificationLotAlwaysEmpty: false,
    scannerItemIdentificationLotAllowAutoSelectIfOnlyOneOnLocation: true,
    scannerItemIdentificationLotAllowAutoSelectIfOnlyOneAllowed: true,
    scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneOnLocation: false,
    scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneAllowed: false,
  },
  defaultSessionPolicy: 'ALLOW',
};
