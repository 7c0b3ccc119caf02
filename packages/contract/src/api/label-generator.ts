import { z } from 'zod';
import { apps, findAppByPath } from '../apps.js';
import {
  deviceNameForbidden,
  deviceNameMaxLength,
  deviceSettingsOverrideSchema,
  isLocalPath,
  maxUserApiParams,
  scannerCommandPrefixes as prefixes,
} from '../scanner-commands.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { printAnswerSchema } from './printers.js';

/**
 * The action barcode generator (/action_barcode_generator; docs/decisions/0181): barcodes of the
 * scanner bar's command strings, printed on a label printer or as an A4 PDF grid. Under
 * /api/v1/label_generator/, role labelGenerator:
 *
 * - POST action_barcodes/pdf {barcodes, size}: the sheet as a PDF on A4 (labels in a grid).
 * - POST action_barcodes/print {barcodes, size, printer}: the sheet on a printer (its label
 *   format and print type, as every label).
 *
 * Each barcode is a command (what the form edits) and a caption; the content is built by
 * actionBarcodeOf, the same function the web's preview runs. Content up to
 * actionBarcodeLimits.code128MaxLength printable ASCII characters is a Code 128, longer content
 * a QR code. Refusals (422, args carry `position`, the barcode's place on the sheet from 1):
 * invalidJson {message} (device settings or a payload that does not parse or validate),
 * unknownAppPath {path} (a redirect to no app of the registry), barcodeContentTooLong
 * {length, max}. Bad shapes (a path not inside the app, a quantity of 0, more than
 * maxBarcodesPerSheet barcodes) are 400.
 */
export const actionBarcodeLimits = {
  /**
   * Content up to this many characters (printable ASCII) is a Code 128; longer is a QR code. 30
   * characters (at most 365 modules) still print with 2-dot bars across a 4 inch label at 203 dpi.
   */
  code128MaxLength: 30,
  /** The longest content: a QR code of this many bytes still prints readably on a 4 x 2 inch label. */
  maxContentLength: 1000,
  maxBarcodesPerSheet: 100,
  maxCaptionLength: 100,
  /** The JSON a form field may hold (white space included; the content is the JSON minified). */
  maxJsonTextLength: 4000,
} as const;

export const barcodeSymbologies = ['code128', 'qr'] as const;
export type BarcodeSymbology = (typeof barcodeSymbologies)[number];

const localPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(isLocalPath, 'a path inside this application, starting with one /');
const jsonTextSchema = z.string().max(actionBarcodeLimits.maxJsonTextLength);

/** A quantity of [PLUS n] / [MIN n]: a number above 0, decimal point or comma. */
const amountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}([.,]\d{1,6})?$/, 'a number')
  .refine((amount) => Number(amount.replace(',', '.')) > 0, 'more than 0');

export const userApiParamSchema = z.object({
  label: z.string().trim().min(1).max(100),
  defaultValue: z.string().max(100).default(''),
});

export const actionCommandKinds = [
  'redirect',
  'logout',
  'openWorkTimes',
  'deviceIdentification',
  'overrideDeviceSettings',
  'callUserApi',
  'quantity',
] as const;
export type ActionCommandKind = (typeof actionCommandKinds)[number];

/** One command as the form edits it (JSON fields as the text typed). */
export const actionCommandSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), path: localPathSchema }),
  z.object({ kind: z.literal('logout') }),
  z.object({ kind: z.literal('openWorkTimes') }),
  z.object({
    kind: z.literal('deviceIdentification'),
    deviceName: z
      .string()
      .trim()
      .min(1)
      .max(deviceNameMaxLength)
      .refine((name) => !deviceNameForbidden.test(name), 'no slashes or control characters'),
  }),
  z.object({ kind: z.literal('overrideDeviceSettings'), settings: jsonTextSchema }),
  z.object({
    kind: z.literal('callUserApi'),
    url: localPathSchema,
    method: z.enum(['GET', 'POST']).default('GET'),
    /** JSON text; empty: no payload. */
    payload: jsonTextSchema.default(''),
    confirm: z.boolean().default(false),
    /** The question asked before the call (when confirm); empty: the scanner bar's own question. */
    confirmQuestion: z.string().trim().max(200).default(''),
    params: z.array(userApiParamSchema).max(maxUserApiParams).default([]),
  }),
  z.object({ kind: z.literal('quantity'), sign: z.enum(['PLUS', 'MIN']), amount: amountSchema }),
]);
export type ActionCommand = z.output<typeof actionCommandSchema>;
export type ActionCommandInput = z.input<typeof actionCommandSchema>;

export type ActionBarcodeRefusal = 'invalidJson' | 'unknownAppPath' | 'barcodeContentTooLong';
export type ActionBarcodeResult =
  | { ok: true; content: string; symbology: BarcodeSymbology }
  | { ok: false; key: ActionBarcodeRefusal; args: Record<string, unknown> };

const refusal = (key: ActionBarcodeRefusal, args: Record<string, unknown>): ActionBarcodeResult => ({
  ok: false,
  key,
  args,
});

type Json = { ok: true; value: unknown } | { ok: false; message: string };
function parseJson(text: string): Json {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The device settings JSON minified, or why it is refused. */
function deviceSettingsContent(text: string): ActionBarcodeResult | string {
  const json = parseJson(text);
  if (!json.ok) return refusal('invalidJson', { message: json.message });
  const checked = deviceSettingsOverrideSchema.safeParse(json.value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return refusal('invalidJson', { message: `${where}${issue?.message ?? 'invalid'}` });
  }
  return prefixes.overrideDeviceSettings + JSON.stringify(checked.data);
}

function userApiContent(command: Extract<ActionCommand, { kind: 'callUserApi' }>): ActionBarcodeResult | string {
  let payload: unknown;
  if (command.payload.trim() !== '') {
    const json = parseJson(command.payload);
    if (!json.ok) return refusal('invalidJson', { message: json.message });
    payload = json.value;
  }
  const confirm = command.confirm ? command.confirmQuestion || true : false;
  const call: Record<string, unknown> = { url: command.url, method: command.method };
  if (payload !== undefined) call.payload = payload;
  if (confirm !== false) call.confirm = confirm;
  if (command.params.length > 0)
    call.params = command.params.map(({ label, defaultValue }) => (defaultValue ? { label, defaultValue } : label));
  return prefixes.callUserApi + JSON.stringify(call);
}

function contentOf(command: ActionCommand): ActionBarcodeResult | string {
  switch (command.kind) {
    case 'redirect': {
      const pathname = command.path.split(/[?#]/)[0] ?? '';
      if (!findAppByPath(apps, pathname)) return refusal('unknownAppPath', { path: command.path });
      return prefixes.redirect + command.path;
    }
    case 'logout':
      return prefixes.logout;
    case 'openWorkTimes':
      return prefixes.openWorkTimes;
    case 'deviceIdentification':
      return prefixes.deviceIdentification + command.deviceName;
    case 'overrideDeviceSettings':
      return deviceSettingsContent(command.settings);
    case 'callUserApi':
      return userApiContent(command);
    case 'quantity':
      return `[${command.sign}${command.amount.replace(',', '.')}]`;
  }
}

/** Code 128 for short printable ASCII, a QR code for the rest. */
export function symbologyOf(content: string): BarcodeSymbology {
  return content.length <= actionBarcodeLimits.code128MaxLength && /^[\x20-\x7e]*$/.test(content) ? 'code128' : 'qr';
}

/**
 * The content of a command's barcode: exactly what the scanner bar reads as that command, and
 * its symbology; or the refusal (the web shows it at the field, the server answers it 422).
 */
export function actionBarcodeOf(command: ActionCommand): ActionBarcodeResult {
  const content = contentOf(command);
  if (typeof content !== 'string') return content;
  const max = actionBarcodeLimits.maxContentLength;
  if (content.length > max) return refusal('barcodeContentTooLong', { length: content.length, max });
  return { ok: true, content, symbology: symbologyOf(content) };
}

export const actionBarcodeEntrySchema = z.object({
  command: actionCommandSchema,
  /** Printed above the barcode (what it does, in the words of whoever prints it). */
  caption: z.string().trim().max(actionBarcodeLimits.maxCaptionLength).default(''),
});
export type ActionBarcodeEntry = z.input<typeof actionBarcodeEntrySchema>;

/** The label size of every barcode of the sheet: 4 x 2 inch (normal) or 4 x 6 inch (large). */
export const actionBarcodeSizes = ['normal', 'large'] as const;

export const actionBarcodeSheetSchema = z.object({
  barcodes: z.array(actionBarcodeEntrySchema).min(1).max(actionBarcodeLimits.maxBarcodesPerSheet),
  size: z.enum(actionBarcodeSizes).default('normal'),
});
export type ActionBarcodeSheet = z.input<typeof actionBarcodeSheetSchema>;
/** The sheet as the server reads it (defaults applied). */
export type ActionBarcodeSheetParsed = z.output<typeof actionBarcodeSheetSchema>;

export const actionBarcodePrintSchema = actionBarcodeSheetSchema.extend({ printer: z.number().int() });
export type ActionBarcodePrintRequest = z.input<typeof actionBarcodePrintSchema>;
export type ActionBarcodePrintParsed = z.output<typeof actionBarcodePrintSchema>;

const labelGenerator = rolesAccess('labelGenerator');

export const labelGeneratorEndpoints = defineEndpoints('labelGenerator', {
  /** The sheet as a PDF on A4 (application/pdf). */
  actionBarcodesPdf: {
    method: 'POST',
    path: '/api/v1/label_generator/action_barcodes/pdf',
    access: labelGenerator,
    body: actionBarcodeSheetSchema,
    answer: null,
  },
  actionBarcodesPrint: {
    method: 'POST',
    path: '/api/v1/label_generator/action_barcodes/print',
    access: labelGenerator,
    body: actionBarcodePrintSchema,
    answer: printAnswerSchema,
  },
});
