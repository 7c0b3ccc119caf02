import { codeKey, toThousandths, type ManagedBy } from '@wms/contract';
import type { NewBinLocation, NewItem } from '../../db/schema.js';

/** What a writer of items gives; the lookup columns (lower-cased code and barcodes, search text) are derived. */
export interface ItemInput {
  code: string;
  name: string;
  visualCode?: string;
  secondName?: string | null;
  barcodes?: readonly [string | null, string | null, string | null] | readonly (string | null)[];
  /** Decimal quantities each barcode counts (default 1). */
  barcodeQuantities?: readonly (number | string)[];
  units?: string | null;
  groupName?: string | null;
  managedBy?: ManagedBy;
  serialManagedByDispatch?: boolean;
  avgPrice?: string | null;
  active?: boolean;
  isStockItem?: boolean;
  isSalesBomItem?: boolean;
  isProductionItem?: boolean;
  weightInMg?: number | null;
  productionIssueMethod?: string | null;
  productionMaterialToleranceValue?: number | string | null;
  productionMaterialToleranceType?: string | null;
  blockForQcType?: string | null;
  scanExpirationDate?: boolean;
  scanManufacturingDate?: boolean;
  scanManufacturingBatch?: boolean;
  scanManufacturingSerial?: boolean;
  imagePath?: string | null;
  pdfPath?: string | null;
  /** Density in mg per ml, for liquids. */
  mlToMg?: number | string | null;
}

const bool = (value: boolean | undefined, fallback: boolean) => ((value ?? fallback) ? 1 : 0);
const lower = (value: string | null) => (value === null ? null : codeKey(value));

/** The text the autocomplete matches: lower-cased code, name and barcodes, joined by U+0001. */
export function itemSearchText(code: string, name: string, barcodes: readonly (string | null)[]): string {
  return [code, name, ...barcodes]
    .filter((part): part is string => !!part)
    .map((part) => part.toLowerCase())
    .join('\u0001');
}

export function newItemRow(input: ItemInput, at: string): NewItem {
  const [barcode = null, barcode2 = null, barcode3 = null] = input.barcodes ?? [];
  const [q1 = 1, q2 = 1, q3 = 1] = input.barcodeQuantities ?? [];
  const managedBy = input.managedBy ?? 'NORMAL';
  return {
    code: input.code,
    code_lower: codeKey(input.code),
    visual_code: input.visualCode ?? input.code,
    name: input.name,
    second_name: input.secondName ?? null,
    barcode,
    barcode_lower: lower(barcode),
    barcode2,
    barcode2_lower: lower(barcode2),
    barcode3,
    barcode3_lower: lower(barcode3),
    barcode_inv_qty: toThousandths(q1),
    barcode2_inv_qty: toThousandths(q2),
    barcode3_inv_qty: toThousandths(q3),
    search_text: itemSearchText(input.code, input.name, [barcode, barcode2, barcode3]),
    units: input.units ?? null,
    group_name: input.groupName ?? null,
    managed_by: managedBy,
    serial_managed_by_dispatch: bool(input.serialManagedByDispatch, false),
    avg_price: input.avgPrice ?? null,
    active: bool(input.active, true),
    is_stock_item: bool(input.isStockItem, true),
    is_sales_bom_item: bool(input.isSalesBomItem, false),
    is_production_item: bool(input.isProductionItem, false),
    weight_in_mg: input.weightInMg ?? null,
    production_issue_method: input.productionIssueMethod ?? null,
    production_material_tolerance_value:
      input.productionMaterialToleranceValue == null ? null : toThousandths(input.productionMaterialToleranceValue),
    production_material_tolerance_type: input.productionMaterialToleranceType ?? null,
    block_for_qc_type: input.blockForQcType ?? null,
    has_batch: managedBy === 'BATCH_NUMBER' ? 1 : 0,
    serial: managedBy === 'SERIAL_NUMBER' ? 1 : 0,
    scan_expiration_date: bool(input.scanExpirationDate, false),
    scan_manufacturing_date: bool(input.scanManufacturingDate, false),
    scan_manufacturing_batch: bool(input.scanManufacturingBatch, false),
    scan_manufacturing_serial: bool(input.scanManufacturingSerial, false),
    image_path: input.imagePath ?? null,
    pdf_path: input.pdfPath ?? null,
    ml_to_mg: input.mlToMg == null ? null : toThousandths(input.mlToMg),
    updated_at: at,
  };
}

export interface BinLocationInput {
  code: string;
  warehouseId: number;
  visualCode?: string;
  barcode?: string | null;
  locationType?: string;
  physicalLocationType?: string;
  minimalStockLevel?: number | string | null;
  maximalStockLevel?: number | string | null;
  pickingStrategy?: string | null;
  active?: boolean;
  stockMovementRestricted?: boolean;
  blockStockMovements?: boolean;
  blockStockMovementsReason?: string | null;
  sortingCode?: string | null;
  countingSortingCode?: string | null;
  preferredOrderCode?: string | null;
  requiresCounting?: 'NO' | 'YES' | 'PARTIAL';
  readyForProcessing?: boolean;
}

export function newBinLocationRow(input: BinLocationInput, at: string): NewBinLocation {
  const barcode = input.barcode ?? null;
  return {
    code: input.code,
    code_lower: codeKey(input.code),
    visual_code: input.visualCode ?? input.code,
    warehouse_id: input.warehouseId,
    barcode,
    barcode_lower: lower(barcode),
    minimal_stock_level: input.minimalStockLevel == null ? null : toThousandths(input.minimalStockLevel),
    maximal_stock_level: input.maximalStockLevel == null ? null : toThousandths(input.maximalStockLevel),
    location_type: input.locationType ?? 'BULK',
    physical_location_type: input.physicalLocationType ?? 'NORMAL',
    picking_strategy: input.pickingStrategy ?? null,
    active: bool(input.active, true),
    stock_movement_restricted: bool(input.stockMovementRestricted, false),
    block_stock_movements: bool(input.blockStockMovements, false),
    block_stock_movements_reason: input.blockStockMovementsReason ?? null,
    sorting_code: input.sortingCode ?? null,
    counting_sorting_code: input.countingSortingCode ?? null,
    preferred_order_code: input.preferredOrderCode ?? null,
    requires_counting: input.requiresCounting ?? 'NO',
    ready_for_processing: bool(input.readyForProcessing, false),
    updated_at: at,
  };
}
