import {
  warehouseCreateRequestSchema,
  warehouseUpdateRequestSchema,
  type WarehouseCreateRequest,
  type WarehouseMaster,
  type WarehouseUpdateRequest,
} from '@wms/contract';
import { schemaErrors } from './form-errors.js';
import { changedFields, optional, type FieldErrors } from './form-values.js';
import { masterDataApi } from './master-data-api.js';
import type { SaveAttempt } from './useRecordForm.js';

export interface WarehouseValues {
  code: string;
  visualCode: string;
  name: string;
  active: boolean;
}

export function warehouseValues(warehouse: WarehouseMaster | null): WarehouseValues {
  return {
    code: warehouse?.code ?? '',
    visualCode: warehouse && warehouse.visualCode !== warehouse.code ? warehouse.visualCode : '',
    name: warehouse?.name ?? '',
    active: warehouse?.active ?? true,
  };
}

export const warehouseFormFields: readonly string[] = Object.keys(warehouseValues(null));

const fieldsOf = (values: WarehouseValues) => ({
  visualCode: optional(values.visualCode),
  name: values.name.trim(),
  active: values.active,
});

/** A new warehouse, or the changed fields of one with the version read. */
export function warehouseSaveAttempt(
  values: WarehouseValues,
  base: WarehouseMaster | null,
): SaveAttempt<WarehouseMaster> {
  const errors: FieldErrors = {};
  if (base === null) {
    const body: WarehouseCreateRequest = { ...fieldsOf(values), code: values.code.trim() };
    schemaErrors(warehouseCreateRequestSchema, body, errors);
    return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.createWarehouse(body) };
  }
  const body: WarehouseUpdateRequest = {
    ...changedFields(fieldsOf(values), fieldsOf(warehouseValues(base))),
    version: base.version,
  };
  schemaErrors(warehouseUpdateRequestSchema, body, errors);
  return Object.keys(errors).length ? { errors } : { send: () => masterDataApi.updateWarehouse(base.code, body) };
}
