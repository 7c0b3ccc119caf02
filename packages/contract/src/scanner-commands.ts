import { z } from 'zod';
import { deviceIdentificationPrefix } from './live.js';

/**
 * The command strings of the scanner input bar, defined once: the web's parser
 * (components/scanner/scanner-commands.ts) reads them and the action barcode generator
 * (api/label-generator.ts) writes them, so a printed barcode always means what the bar reads.
 */
export const scannerCommandPrefixes = {
  redirect: '_be_redirect_',
  deviceIdentification: deviceIdentificationPrefix,
  overrideDeviceSettings: '_be_override_device_settings_',
  callUserApi: '_be_call_user_api_',
  logout: '_be_logout_',
  peripheralInput: '_be_peripheral_input_',
  openWorkTimes: '_be_open_work_times_',
} as const;

/** At most this many parameters are asked for before a user API call. */
export const maxUserApiParams = 2;

/** [PLUS<n>] and [MIN<n>]: n digits with an optional decimal part (point or comma). */
export const quantityCommandPattern = /^\[(PLUS|MIN)(\d+(?:[.,]\d+)?)\]$/i;

/** A path inside this application: starts with one slash, no scheme, no other host. */
export function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  return /^\/(?![/\\])/.test(path) && !/[\s\u0000-\u001f]/.test(path);
}

/** What a device name may not hold (it is part of live destinations): separators and controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const deviceNameForbidden = /[/\\\u0000-\u001f\u007f]/;
export const deviceNameMaxLength = 100;

/** The double-read window a device may set, in ms. */
export const scannerRepeatWindowLimits = { min: 0, max: 1000 } as const;

/** A default printer of the device settings: -1 (none), a server printer's id, or a named choice. */
const printerChoiceSchema = z.union([z.number().int().min(-1), z.string().trim().min(1).max(200)]);

/**
 * The device settings a `_be_override_device_settings_` code may set: every field optional,
 * unknown names refused, each value within what the device settings store keeps (the web's
 * platform/device-config.ts reads a stored or scanned config with the same rules).
 */
const deviceSettingsShape = z.object({
  deviceName: z
    .string()
    .trim()
    .max(deviceNameMaxLength)
    .refine((name) => !deviceNameForbidden.test(name), 'no slashes or control characters'),
  defaultPrinter: printerChoiceSchema,
  defaultItemLabelPrinter: printerChoiceSchema,
  defaultLocationLabelPrinter: printerChoiceSchema,
  defaultDeliveryLabelPrinter: printerChoiceSchema,
  allowSelectingText: z.boolean(),
  useEmbeddedBarcodeScanner: z.boolean(),
  useVirtualKeyboard: z.boolean(),
  TTSVoice: z.string().min(1).max(200).nullable(),
  TTSRate: z.number().min(0.1).max(10),
  goFullscreenOnFirstInteraction: z.boolean(),
  scannerRepeatWindowMs: z.number().int().min(scannerRepeatWindowLimits.min).max(scannerRepeatWindowLimits.max),
});
export const deviceSettingsOverrideSchema = deviceSettingsShape
  .partial()
  .strict()
  .refine((settings) => Object.keys(settings).length > 0, 'at least one setting');
export type DeviceSettingsOverride = z.infer<typeof deviceSettingsOverrideSchema>;
/** The names of the device settings (the override schema's fields). */
export const deviceSettingNames = deviceSettingsShape.keyof().options;
