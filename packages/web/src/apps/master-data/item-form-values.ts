import {
  itemCreateRequestSchema,
  itemUpdateRequestSchema,
  type Item,
  type ItemCreateRequest,
  type ItemUpdateRequest,
  type ManagedBy,
} from '@wms/contract';
import { schemaErrors } from './form-errors.js';
import { changedFields, numberText, optional, parseNumbers, text, type FieldErrors } from './form-values.js';
import { masterDataApi } from './master-data-api.js';
import type { SaveAttempt } from './useRecordForm.js';

/** The item form: each request field as the form edits it (numbers as typed text). */
export interface ItemValues {
  code: string;
  managedBy: ManagedBy;
  visualCode: string;
  name: string;
  secondName: string;
  barcode: string;
  barcode2: string;
  barcode3: string;
  barcodeInvQty: string;
  barcode2InvQty: string;
  barcode3InvQty: string;
  units: string;
  groupName: string;
  serialManagedByDispatch: boolean;
  avgPrice: string;
  active: boolean;
  isStockItem: boolean;
  isSalesBomItem: boolean;
  isProductionItem: boolean;
  /** Typed in kg (the spec shows weight in kg: weightInMg / 1,000,000). */
  weightInMg: string;
  productionIssueMethod: string;
  productionMaterialToleranceValue: string;
  productionMaterialToleranceType: string;
  blockForQcType: string;
  scanExpirationDate: boolean;
  scanManufacturingDate: boolean;
  scanManufacturingBatch: boolean;
  scanManufacturingSerial: boolean;
}

const milligramsPerKilogram = 1_000_000;

/** The form's values of an item, or of a new one (one unit per scan, active, a stock item). */
export function itemValues(item: Item | null): ItemValues {
  const prefs = item?.receiptScanPreferences;
  return {
    code: item?.code ?? '',
    managedBy: item?.managedBy ?? 'NORMAL',
    visualCode: item && item.visualCode !== item.code ? item.visualCode : '',
    name: item?.name ?? '',
    secondName: text(item?.secondName),
    barcode: text(item?.barcode),
    barcode2: text(item?.barcode2),
    barcode3: text(item?.barcode3),
    barcodeInvQty: numberText(item?.barcodeInvQty ?? 1),
    barcode2InvQty: numberText(item?.barcode2InvQty ?? 1),
    barcode3InvQty: numberText(item?.barcode3InvQty ?? 1),
    units: text(item?.units),
    groupName: text(item?.groupName),
    serialManagedByDispatch: item?.serialManagedByDispatch ?? false,
    avgPrice: numberText(item?.avgPrice),
    active: item?.active ?? true,
    isStockItem: item?.isStockItem ?? true,
    isSalesBomItem: item?.isSalesBomItem ?? false,
    isProductionItem: item?.isProductionItem ?? false,
    weightInMg: item?.weightInMg == null ? '' : String(item.weightInMg / milligramsPerKilogram),
    productionIssueMethod: text(item?.productionIssueMethod),
    productionMaterialToleranceValue: numberText(item?.productionMaterialToleranceValue),
    productionMaterialToleranceType: text(item?.productionMaterialToleranceType),
    blockForQcType: text(item?.blockForQcType),
    scanExpirationDate: prefs?.scanExpirationDate ?? false,
    scanManufacturingDate: prefs?.scanManufacturingDate ?? false,
    scanManufacturingBatch: prefs?.scanManufacturingBatch ?? false,
    scanManufacturingSerial: prefs?.scanManufacturingSerial ?? false,
  };
}

/** Every field of the item form (where a refusal naming it is shown). */
export const itemFormFields: readonly string[] = [...Object.keys(itemValues(null)), 'receiptScanPreferences'] as const;

type ItemFields = Omit<ItemUpdateRequest, 'version'>;

/** The request fields of the values; numbers that are no number are added to `errors`. */
function itemFields(values: ItemValues, errors: FieldErrors): ItemFields {
  const numbers = parseNumbers(
    {
      barcodeInvQty: values.barcodeInvQty,
      barcode2InvQty: values.barcode2InvQty,
      barcode3InvQty: values.barcode3InvQty,
      avgPrice: values.avgPrice,
      weightInMg: values.weightInMg,
      productionMaterialToleranceValue: values.productionMaterialToleranceValue,
    },
    errors,
  );
  return {
    visualCode: optional(values.visualCode),
    name: values.name.trim(),
    secondName: optional(values.secondName),
    barcode: optional(values.barcode),
    barcode2: optional(values.barcode2),
    barcode3: optional(values.barcode3),
    barcodeInvQty: numbers.barcodeInvQty ?? 1,
    barcode2InvQty: numbers.barcode2InvQty ?? 1,
    barcode3InvQty: numbers.barcode3InvQty ?? 1,
    units: optional(values.units),
    groupName: optional(values.groupName),
    serialManagedByDispatch: values.serialManagedByDispatch,
    avgPrice: numbers.avgPrice,
    active: values.active,
    isStockItem: values.isStockItem,
    isSalesBomItem: values.isSalesBomItem,
    isProductionItem: values.isProductionItem,
    weightInMg: numbers.weightInMg === null ? null : Math.round(numbers.weightInMg * milligramsPerKilogram),
    productionIssueMethod: (values.productionIssueMethod || null) as ItemFields['productionIssueMethod'],
    productionMaterialToleranceValue: numbers.productionMaterialToleranceValue,
    productionMaterialToleranceType: (values.productionMaterialToleranceType ||
      null) as ItemFields['productionMaterialToleranceType'],
    blockForQcType: (values.blockForQcType || null) as ItemFields['blockForQcType'],
    receiptScanPreferences: {
      scanExpirationDate: values.scanExpirationDate,
      scanManufacturingDate: values.scanManufacturingDate,
      scanManufacturingBatch: values.scanManufacturingBatch,
      scanManufacturingSerial: values.scanManufacturingSerial,
    },
  };
}

/**
 * The save of the item form: a new item with every field (and its code and managedBy), or an
 * update with the version read and only the fields that changed. The contract's schema is
 * checked first; the server judges the rest (codes, barcodes, stock).
 */
export function itemSaveAttempt(values: ItemValues, base: Item | null): SaveAttempt<Item> {
  const errors: FieldErrors = {};
  const fields = itemFields(values, errors);
  if (base === null) {
    const body: ItemCreateRequest = {
      ...fields,
      code: values.code.trim(),
      name: fields.name!,
      managedBy: values.managedBy,
    };
    schemaErrors(itemCreateRequestSchema, body, errors);
    return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.createItem(body) };
  }
  const body: ItemUpdateRequest = { ...changedFields(fields, itemFields(itemValues(base), {})), version: base.version };
  schemaErrors(itemUpdateRequestSchema, body, errors);
  return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.updateItem(base.code, body) };
}
