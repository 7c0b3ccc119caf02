import { z } from 'zod';
import {
  erpTypes,
  extensions,
  languages,
  operationModes,
  qualityControlApproaches,
  runtimeTypes,
  sessionPolicies,
} from '../enums.js';
import { recountThresholdSchema } from './counting.js';
import { defineEndpoints, publicAccess, rolesAccess } from './endpoint.js';

const unitName = z.string().min(1).max(20);
const weightEntry = z.object({ name: unitName, toMG: z.number().positive() });
const volumeEntry = z.object({ name: unitName, toML: z.number().positive() });

/** Scanner settings. */
export const scannerSettingsSchema = z.object({
  scannerPlus: z.string().max(200),
  scannerMinus: z.string().max(200),
  scannerOk: z.string().max(200),
  scannerQtyMaxAtOnce: z.number().positive(),
  weightTable: z.array(weightEntry).max(50),
  volumeTable: z.array(volumeEntry).max(50),
  scannerQtyAllowBatchSerialItemScanWithoutBatchCheck: z.boolean(),
  scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneOnLocation: z.boolean(),
  scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneAllowed: z.boolean(),
  scannerItemIdentificationLotAlwaysEmpty: z.boolean(),
  scannerItemIdentificationLotAllowAutoSelectIfOnlyOneOnLocation: z.boolean(),
  scannerItemIdentificationLotAllowAutoSelectIfOnlyOneAllowed: z.boolean(),
  scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneOnLocation: z.boolean(),
  scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneAllowed: z.boolean(),
});
export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;

/** Settings that admins change at run time; stored in the database, versioned. */
export const systemSettingsSchema = z.object({
  allowEmptyPassword: z.boolean(),
  scannerParseItemBarcode: z.boolean(),
  customCssCode: z.string().max(100_000),
  sessionViewerRtcConfig: z.record(z.string(), z.unknown()),
  allowUsersToChangePassword: z.boolean(),
  wmsHasBeenConfigured: z.boolean(),
  warehouseName: z.string().max(200),
  customerId: z.string().max(100),
  licenseExpirationDate: z.string().nullable(),
  operationMode: z.enum(operationModes),
  enabledExtensions: z.array(z.enum(extensions)),
  erpType: z.enum(erpTypes),
  qualityControlApproach: z.enum(qualityControlApproaches),
  delivery: z.object({
    splitPackAndDelivery: z.boolean(),
    enableDeliveryDispatchApplication: z.boolean(),
    /** How packing verifies the containers (decision 0185): NONE, COUNT per row, SCAN_ALL units. */
    packVerification: z.enum(['NONE', 'COUNT', 'SCAN_ALL']),
  }),
  /**
   * Picking (decision 0183): creationLocking is the spec's `locking` of pick list creation;
   * gs1CompanyPrefix (7-11 digits, or empty) makes shipping container codes SSCCs; clusterSize is
   * how many lists "next N" of pick and collect takes.
   */
  picking: z.object({
    creationLocking: z.enum(['GLOBAL', 'PER_KEY', 'NONE']),
    gs1CompanyPrefix: z.string().regex(/^(\d{7,11})?$/),
    clusterSize: z.number().int().min(1).max(26),
  }),
  /**
   * Counting (decision 0189): a wall-to-wall difference over recountThreshold raises a recount
   * instead of a posting; recountOnShortPick (decision 0191): a short pick raises a recount request too.
   */
  counting: z.object({ recountThreshold: recountThresholdSchema, recountOnShortPick: z.boolean() }),
  scanner: scannerSettingsSchema,
  /** IP addresses not matched by any IP rule get this policy. */
  defaultSessionPolicy: z.enum(sessionPolicies),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** Admin update: any subset of the settings, with the version the admin read. */
export const updateSettingsRequestSchema = z.object({
  version: z.number().int().positive(),
  settings: systemSettingsSchema.partial().strict(),
});
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

export const setupRequestSchema = z.object({
  erpType: z.enum(erpTypes),
  warehouseName: z.string().trim().min(1).max(200),
  operationMode: z.enum(operationModes),
});
export type SetupRequest = z.input<typeof setupRequestSchema>;

export const settingsAnswerSchema = z.object({ version: z.number().int(), settings: systemSettingsSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** GET /api/v1/config/: everything the client needs before and after sign-in. */
export const configAnswerSchema = z.object({
  settings: z.object({
    allowEmptyPassword: z.boolean(),
    scannerParseItemBarcode: z.boolean(),
    customCssCode: z.string(),
    sessionViewerRtcConfig: z.record(z.string(), z.unknown()),
    allowUsersToChangePassword: z.boolean(),
  }),
  operationMode: z.enum(operationModes),
  enabledExtensions: z.array(z.enum(extensions)),
  erpType: z.enum(erpTypes),
  qualityControlApproach: z.enum(qualityControlApproaches),
  delivery: z.object({
    splitPackAndDelivery: z.boolean(),
    enableDeliveryDispatchApplication: z.boolean(),
    /** How packing verifies the containers (decision 0185): NONE, COUNT per row, SCAN_ALL units. */
    packVerification: z.enum(['NONE', 'COUNT', 'SCAN_ALL']),
  }),
  scanner: scannerSettingsSchema,
  customerId: z.string(),
  warehouseName: z.string(),
  languageFiles: z.record(z.string(), z.string()),
  languageIsoCodeMapping: z.record(z.string(), z.string()),
  runtimeType: z.enum(runtimeTypes),
  wmsHasBeenConfigured: z.boolean(),
  version: z.string(),
  licenseExpirationDate: z.string().nullable(),
});
export type ConfigAnswer = z.infer<typeof configAnswerSchema>;

export const versionAnswerSchema = z.object({ version: z.string() });
export type VersionAnswer = z.infer<typeof versionAnswerSchema>;

export const ipRulesAnswerSchema = z.object({
  ip: z.string(),
  policy: z.enum(sessionPolicies),
  twoFactorRequired: z.boolean(),
  blocked: z.boolean(),
});
export type IpRulesAnswer = z.infer<typeof ipRulesAnswerSchema>;

/** A language code; its type is `Language` (enums.ts). */
export const languageSchema = z.enum(languages);

/** The translation file of each language, served at /translations/{file}. */
export const languageFiles: Readonly<Record<(typeof languages)[number], string>> = {
  en: 'en.json',
  nl: 'nl.json',
  de: 'de.json',
  pl: 'pl.json',
};

/** The locale of each language, for number and date formatting. */
export const languageIsoCodeMapping: Readonly<Record<(typeof languages)[number], string>> = {
  en: 'en-GB',
  nl: 'nl-NL',
  de: 'de-DE',
  pl: 'pl-PL',
};

/** POST /api/v1/config/setup answers the configured settings. */
export const setupAnswerSchema = settingsAnswerSchema;
export type SetupAnswer = z.infer<typeof setupAnswerSchema>;

/** The config endpoints: the public config, the version, the admin's settings and the first-run setup. */
export const configEndpoints = defineEndpoints('config', {
  get: { method: 'GET', path: '/api/v1/config/', access: publicAccess, answer: configAnswerSchema },
  version: { method: 'GET', path: '/api/v1/config/version', access: publicAccess, answer: versionAnswerSchema },
  settings: {
    method: 'GET',
    path: '/api/v1/admin/settings',
    access: rolesAccess('admin'),
    answer: settingsAnswerSchema,
  },
  updateSettings: {
    method: 'POST',
    path: '/api/v1/admin/settings',
    access: rolesAccess('admin'),
    body: updateSettingsRequestSchema,
    answer: settingsAnswerSchema,
  },
  setup: {
    method: 'POST',
    path: '/api/v1/config/setup',
    access: rolesAccess('admin'),
    body: setupRequestSchema,
    answer: setupAnswerSchema,
  },
});
