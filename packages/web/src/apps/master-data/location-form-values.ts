import {
  binLocationCreateRequestSchema,
  binLocationUpdateRequestSchema,
  type BinLocation,
  type BinLocationAttribute,
  type BinLocationCreateRequest,
  type BinLocationPhysicalType,
  type BinLocationType,
  type BinLocationUpdateRequest,
} from '@wms/contract';
import { schemaErrors } from './form-errors.js';
import { changedFields, numberText, optional, parseNumbers, text, type FieldErrors } from './form-values.js';
import { masterDataApi } from './master-data-api.js';
import type { SaveAttempt } from './useRecordForm.js';

/** The bin location form: each request field as the form edits it. */
export interface LocationValues {
  code: string;
  warehouseCode: string;
  visualCode: string;
  barcode: string;
  minimalStockLevel: string;
  maximalStockLevel: string;
  locationType: BinLocationType;
  physicalLocationType: BinLocationPhysicalType;
  pickingStrategy: string;
  active: boolean;
  stockMovementRestricted: boolean;
  sortingCode: string;
  countingSortingCode: string;
  preferredOrderCode: string;
  attributes: BinLocationAttribute[];
}

/** The form's values of a location, or of a new one (BULK, NORMAL, active). */
export function locationValues(location: BinLocation | null): LocationValues {
  return {
    code: location?.code ?? '',
    warehouseCode: location?.warehouseCode ?? '',
    visualCode: location && location.visualCode !== location.code ? location.visualCode : '',
    barcode: text(location?.barcode),
    minimalStockLevel: numberText(location?.minimalStockLevel),
    maximalStockLevel: numberText(location?.maximalStockLevel),
    locationType: location?.locationType ?? 'BULK',
    physicalLocationType: location?.physicalLocationType ?? 'NORMAL',
    pickingStrategy: text(location?.pickingStrategy),
    active: location?.active ?? true,
    stockMovementRestricted: location?.stockMovementRestricted ?? false,
    sortingCode: text(location?.sortingCode),
    countingSortingCode: text(location?.countingSortingCode),
    preferredOrderCode: text(location?.preferredOrderCode),
    attributes: location?.attributes.map((attribute) => ({ ...attribute })) ?? [],
  };
}

export const locationFormFields: readonly string[] = Object.keys(locationValues(null));

type LocationFields = Omit<BinLocationUpdateRequest, 'version'>;

/** The request fields; attribute rows without a name and value are left out. */
function locationFields(values: LocationValues, errors: FieldErrors): LocationFields {
  const levels = parseNumbers(
    { minimalStockLevel: values.minimalStockLevel, maximalStockLevel: values.maximalStockLevel },
    errors,
  );
  return {
    visualCode: optional(values.visualCode),
    barcode: optional(values.barcode),
    minimalStockLevel: levels.minimalStockLevel,
    maximalStockLevel: levels.maximalStockLevel,
    locationType: values.locationType,
    physicalLocationType: values.physicalLocationType,
    pickingStrategy: (values.pickingStrategy || null) as LocationFields['pickingStrategy'],
    active: values.active,
    stockMovementRestricted: values.stockMovementRestricted,
    sortingCode: optional(values.sortingCode),
    countingSortingCode: optional(values.countingSortingCode),
    preferredOrderCode: optional(values.preferredOrderCode),
    attributes: values.attributes
      .map((attribute) => ({ name: attribute.name.trim(), value: attribute.value.trim() }))
      .filter((attribute) => attribute.name !== '' || attribute.value !== ''),
  };
}

/** What the browser judges beyond the schema: minimum at most maximum, attribute names once. */
function ruleErrors(fields: LocationFields, errors: FieldErrors): void {
  const { minimalStockLevel: min, maximalStockLevel: max } = fields;
  if (min != null && max != null && min > max && !errors.maximalStockLevel)
    errors.maximalStockLevel = { key: 'errors:minStockGreaterThanMaxStock', args: { minStock: min, maxStock: max } };
  const names = (fields.attributes ?? []).map((attribute) => attribute.name.toLowerCase());
  if (names.some((name) => name === '')) errors.attributes = { key: 'masterData:attributes.nameRequired' };
  else if (new Set(names).size !== names.length) errors.attributes = { key: 'masterData:attributes.duplicateName' };
}

/** A new location (with its warehouse), or the changed fields of one with the version read. */
export function locationSaveAttempt(values: LocationValues, base: BinLocation | null): SaveAttempt<BinLocation> {
  const errors: FieldErrors = {};
  const fields = locationFields(values, errors);
  ruleErrors(fields, errors);
  if (base === null) {
    const body: BinLocationCreateRequest = { ...fields, code: values.code.trim(), warehouseCode: values.warehouseCode };
    schemaErrors(binLocationCreateRequestSchema, body, errors);
    return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.createBinLocation(body) };
  }
  const body: BinLocationUpdateRequest = {
    ...changedFields(fields, locationFields(locationValues(base), {})),
    version: base.version,
  };
  schemaErrors(binLocationUpdateRequestSchema, body, errors);
  return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.updateBinLocation(base.code, body) };
}
