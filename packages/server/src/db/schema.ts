import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. SQL is snake_case, JSON camelCase; repositories map between them.
 * Conventions that hold on SQLite and PostgreSQL alike: timestamps are ISO-8601 UTC text,
 * booleans are integers 0/1, JSON is text, ids are integers.
 */
export interface AppUserTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  password_hash: string;
  email_address: string | null;
  external_id: string | null;
  roles: string; // JSON string[]
  settings: string; // JSON UserSettings
  totp_secret: string | null;
  totp_enabled: number;
  /** The time step of the last TOTP code used to sign in (a replay of it or an older one is refused). */
  totp_last_step: number | null;
  active: number;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface UserSessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  unique_session: string | null;
  device_name: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TransferTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  device_name: string;
  path: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Hash of the pairing secret of the device listener the token was sent to (0013). */
  pairing_hash: string | null;
}

export interface IpRuleTable {
  id: Generated<number>;
  cidr: string;
  policy: string;
  description: string | null;
  sort_order: number;
  created_at: string;
  /** Added by 0002-ip-rules. */
  version: Generated<number>;
}

export interface FailedSigninTable {
  ip: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

/** Failed sign-in attempts per account (lower-cased username as typed), like failed_signin per address. */
export interface FailedSigninAccountTable {
  username_lower: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface SystemSettingTable {
  id: number;
  settings: string; // JSON
  version: number;
  updated_at: string;
}

export interface TranslationPatchTable {
  language: string;
  path: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

export interface BugReportTable {
  id: Generated<number>;
  user_id: number | null;
  report: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AnalyticsEventTable {
  id: Generated<number>;
  user_id: number | null;
  payload: string;
  created_at: string;
}

export interface IdempotencyRecordTable {
  scope: string;
  idempotency_key: string;
  user_id: number | null;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

export interface ErpUserTable {
  code: string;
  name: string;
}

export interface NotificationCounterTable {
  path: string;
  user_id: number; // 0: the counter is the same for every user
  count: number;
  updated_at: string;
}

export interface BroadcastTable {
  id: Generated<number>;
  message: string;
  created_by: number | null;
  target_user_ids: string | null; // JSON number[]; null: everyone
  created_at: string;
}

export interface BroadcastReadTable {
  broadcast_id: number;
  user_id: number;
  read_at: string;
}

/** Configured printers (0004-printers): labels are sent by print type (see features/printers). */
export interface PrinterTable {
  id: Generated<number>;
  name: string;
  name_lower: string;
  print_type: string;
  host: string | null;
  port: number;
  folder: string | null;
  paper: string;
  label_format: string;
  active: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/*
 * Master data, stock, documents and ledger (0003-master-data). Quantities (`*_qty`, `quantity`,
 * `open_quantity`, `*_stock`, `*_stock_level`, `production_material_tolerance_value`, `ml_to_mg`)
 * are integers of thousandths (contract quantity.ts). Dates without a time are `YYYY-MM-DD`.
 */
export interface WarehouseTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  name: string;
  active: number;
  version: Generated<number>;
  /** Goods receipt settings (0019): a bin location of this warehouse, or none. */
  receipt_staging_location_id: number | null;
  /** BLOCK | CONFIRM | MANAGER (contract `overReceiptModes`). */
  over_receipt_mode: Generated<string>;
  /** Thousandths of a percent: 5% is 5000. */
  over_receipt_tolerance_percent: Generated<number>;
  /** Returns settings (0021): 1 lets /goods_returns create a return from a delivered sales order. */
  allow_create_return: Generated<number>;
  /** Where RESELLABLE returns go (0021); null: the receipt staging location, else a RECEIVE location. */
  return_location_id: number | null;
  /** Where TO_INSPECT and QC-blocked returns go (0021); null: a QC location of the warehouse. */
  return_qc_location_id: number | null;
  /** Where DAMAGED returns go and SCRAP returns pass (0021). */
  return_reject_location_id: number | null;
}

export interface BinLocationTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  warehouse_id: number;
  barcode: string | null;
  barcode_lower: string | null;
  minimal_stock_level: number | null;
  maximal_stock_level: number | null;
  location_type: string;
  physical_location_type: string;
  picking_strategy: string | null;
  active: number;
  stock_movement_restricted: number;
  block_stock_movements: number;
  block_stock_movements_reason: string | null;
  sorting_code: string | null;
  counting_sorting_code: string | null;
  preferred_order_code: string | null;
  requires_counting: string;
  ready_for_processing: number;
  version: Generated<number>;
  updated_at: string;
}

export interface BinLocationAttributeTable {
  bin_location_id: number;
  name: string;
  value: string;
}

export interface BinLocationCountItemTable {
  bin_location_id: number;
  item_id: number;
}

export interface ItemTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  name: string;
  second_name: string | null;
  barcode: string | null;
  barcode_lower: string | null;
  barcode2: string | null;
  barcode2_lower: string | null;
  barcode3: string | null;
  barcode3_lower: string | null;
  barcode_inv_qty: number;
  barcode2_inv_qty: number;
  barcode3_inv_qty: number;
  /** Lower-cased code, name and barcodes joined by U+0001: the autocomplete's contains match. */
  search_text: string;
  units: string | null;
  group_name: string | null;
  managed_by: string;
  serial_managed_by_dispatch: number;
  /** A decimal string (a price, not a quantity). */
  avg_price: string | null;
  active: number;
  is_stock_item: number;
  is_sales_bom_item: number;
  is_production_item: number;
  weight_in_mg: number | null;
  production_issue_method: string | null;
  production_material_tolerance_value: number | null;
  production_material_tolerance_type: string | null;
  block_for_qc_type: string | null;
  has_batch: number;
  serial: number;
  scan_expiration_date: number;
  scan_manufacturing_date: number;
  scan_manufacturing_batch: number;
  scan_manufacturing_serial: number;
  image_path: string | null;
  pdf_path: string | null;
  ml_to_mg: number | null;
  version: Generated<number>;
  updated_at: string;
  /** Goods receipt rules (0019), null meaning the warehouse's: BLOCK | CONFIRM | MANAGER. */
  over_receipt_mode: string | null;
  /** Thousandths of a percent (5% is 5000), null meaning the warehouse's. */
  over_receipt_tolerance_percent: number | null;
}

export interface BatchTable {
  id: Generated<number>;
  item_id: number;
  code: string;
  code_key: string;
  visual_code: string;
  mnf_batch_code: string | null;
  admission_date: string | null;
  manufacturing_date: string | null;
  expiration_date: string | null;
  quality_control_approved_or_not_required: number;
}

export interface SerialTable {
  id: Generated<number>;
  item_id: number;
  code: string;
  code_key: string;
  visual_code: string;
  lot_code: string | null;
  mnf_lot_code: string | null;
  mnf_serial_code: string | null;
  internal_serial_code: string | null;
  admission_date: string | null;
  manufacturing_date: string | null;
  expiration_date: string | null;
  quality_control_approved_or_not_required: number;
}

export interface StockTable {
  id: Generated<number>;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  bin_location_id: number;
  on_hand_qty: number;
  released_qty: number;
  pick_qty: number;
  qc_pending: number;
  qc_pending_qty: number;
  updated_at: string;
}

export interface DefaultItemLocationTable {
  id: Generated<number>;
  item_id: number;
  warehouse_id: number;
  bin_location_id: number | null;
  enforced: number;
  min_stock: number | null;
  max_stock: number | null;
  version: Generated<number>;
}

export interface BusinessPartnerTable {
  id: Generated<number>;
  code: string;
  code_key: string;
  visual_code: string;
  name: string;
  type: string;
  /** 0026: 0/1. */
  active: Generated<number>;
  version: Generated<number>;
}

/** 0026: a business partner's addresses; code unique per partner without regard to case. */
export interface BusinessPartnerAddressTable {
  id: Generated<number>;
  business_partner_id: number;
  code: string;
  code_lower: string;
  name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country_code: string | null;
  is_default_ship_to: Generated<number>;
  active: Generated<number>;
  version: Generated<number>;
}

export interface DocumentTable {
  id: Generated<number>;
  type: string;
  code: string;
  code_lower: string;
  visual_code: string;
  status: string;
  version: Generated<number>;
  warehouse_id: number | null;
  business_partner_id: number | null;
  ship_to_address: string | null;
  document_date: string | null;
  due_date: string | null;
  ship_date: string | null;
  priority: Generated<number>;
  erp_reference: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentLineTable {
  id: Generated<number>;
  document_id: number;
  line_number: number;
  item_id: number;
  /** IN or OUT, derived from the document type when written (contract documentLineDirection). */
  direction: string | null;
  quantity: number;
  open_quantity: number;
  batch_id: number | null;
  serial_id: number | null;
  from_bin_location_id: number | null;
  to_bin_location_id: number | null;
  extras: string | null; // JSON
  /** 0027: on a SALES_ORDER line, how much is on pick lists not cleared (integer thousandths). */
  released_quantity: Generated<number>;
}

export interface StockLedgerTable {
  id: Generated<number>;
  transaction_type: string;
  document_type: string | null;
  document_code: string | null;
  at: string;
  user_id: number | null;
  username: string | null;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  bin_location_id: number;
  /** Signed: positive into the bin location, negative out of it. */
  quantity: number;
  idempotency_key: string | null;
}

/** Admin-configured grids of an object's detail view (0005-custom-grids; see features/custom-grids). */
export interface CustomGridTable {
  id: Generated<number>;
  object_type: string;
  position: number;
  title: string;
  source: string;
  columns: string; // JSON [{label, name, referenceToObject}]
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * SQLite only (0006-search-index): the FTS5 trigram index over item.search_text, rowid = item.id.
 * Query it with `item_search match '"text"'`; PostgreSQL has no such table (pg_trgm indexes item).
 */
export interface ItemSearchTable {
  rowid: number;
  search_text: string;
}

/** Media library uploads (0009-album-files): who uploaded which file under temp/albums. */
export interface AlbumFileTable {
  id: Generated<number>;
  path: string;
  uploaded_by: number | null;
  uploaded_at: string;
  /** Bytes of the file (migration 0014); null for uploads of before, filled when first counted. */
  size_bytes: number | null;
}

/** 0007-user-tasks: task templates; tags, users, parameters and buttons are JSON. */
export interface UserTaskTemplateTable {
  id: Generated<number>;
  title: string;
  text: string;
  priority: number;
  border_color: string | null;
  tags: string; // JSON string[]
  users: string; // JSON number[]
  parameters: string; // JSON Record<string, string>
  buttons: string; // JSON UserTaskButton[]
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** 0007-user-tasks: a user task; title and text have their placeholders filled. */
export interface UserTaskTable {
  id: Generated<number>;
  title: string;
  text: string;
  priority: number;
  border_color: string | null;
  tags: string; // JSON string[]
  parameters: string; // JSON Record<string, string>
  buttons: string; // JSON UserTaskButton[]
  template_id: number | null;
  created_by_user_id: number | null;
  claimed_by_user_id: number | null;
  start_at: string | null;
  finished_at: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UserTaskUserTable {
  task_id: number;
  user_id: number;
  position: number;
}

/** finished NULL = running; at most one running entry per user (partial unique index). */
export interface UserTaskWorkedTimeTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  message: string;
  started: string;
  finished: string | null;
  version: Generated<number>;
}

export interface TaskButtonPressTable {
  id: Generated<number>;
  task_id: number;
  button_id: string;
  user_id: number;
  params: string; // JSON string[]
  pressed_at: string;
}

/** Work centers (resources), work orders, plans and work time entries (0008-production; features/production). */
export interface WorkCenterTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  name: string;
  active: Generated<number>;
}

export interface WorkOrderTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  item_id: number;
  warehouse_id: number | null;
  /** PLANNED, RELEASED or CLOSED. */
  status: string;
  planned_qty: number;
  completed_qty: Generated<number>;
  scrap_qty: Generated<number>;
  /** Of completed_qty, what the finished goods receipt has put into stock (0022). */
  received_qty: Generated<number>;
  /** The production order document (type PRODUCTION_ORDER) this work order belongs to. */
  document_id: number | null;
  sales_order_id: number | null;
  work_order_plan_id: number | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WorkOrderStepTable {
  id: Generated<number>;
  work_order_id: number;
  step_code: string;
  step_code_lower: string;
  step_number: number;
  description: string | null;
  planned_work_center_id: number | null;
}

export interface WorkOrderPlanTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  visual_code: string;
  name: string;
  item_id: number;
  active: Generated<number>;
}

export interface WorkOrderPlanStepTable {
  id: Generated<number>;
  plan_id: number;
  step_code: string;
  step_number: number;
  description: string | null;
  planned_work_center_id: number | null;
}

export interface WorkTimeEntryTable {
  id: Generated<number>;
  work_order_id: number;
  work_order_step_id: number;
  work_center_id: number | null;
  /** SETUP or WORK. */
  work_time_type: string;
  produced: number | null;
  scrap: number | null;
  start_time: string;
  /** Null while running. */
  end_time: string | null;
  license_plate: string | null;
  user_id: number;
  flushed: Generated<number>;
  flushed_at: string | null;
  flush_error_key: string | null;
  flush_error_args: string | null; // JSON
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A user's claim of one kind (0015-claims). */
export interface ClaimTable {
  id: Generated<number>;
  user_id: number;
  /** A contract claim kind (PICK_LIST, PICK_AND_COLLECT, ...). */
  kind: string;
  created_at: string;
}

/** A document a claim holds; (object_type, object_id) is the primary key: one claim per object. */
export interface ClaimObjectTable {
  claim_id: number;
  object_type: string;
  object_id: number;
}

/**
 * One message for the ERP (0016-erp-outbox), unique per (kind, document_type, document_code).
 * status: PENDING, SENDING (claimed until lease_until), DONE or DEAD.
 */
export interface ErpOutboxTable {
  id: Generated<number>;
  kind: string;
  document_type: string;
  document_code: string;
  payload: string; // JSON object
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

/**
 * A document's attachment (0017-document-attachments): the file is
 * DATA_DIR/userdata/documents/{type in lower case}/{document_id}/{stored_name}.
 */
export interface DocumentAttachmentTable {
  id: Generated<number>;
  document_id: number;
  /** The file name as uploaded. */
  name: string;
  /** png, jpg, jpeg, gif, svg or pdf (lower case). */
  extension: string;
  stored_name: string;
  size_bytes: number;
  uploaded_by: number | null;
  uploaded_at: string;
}

/** A manager's approval of a forbidden deviation (0018-manager-approvals; features/auth/manager-approval.service.ts). */
export interface ManagerApprovalTable {
  id: Generated<number>;
  /** What was approved, e.g. goodsSorting.enforcedDefaultLocation. */
  action: string;
  /** The approved action's document reference (the ledger's document type and code for a movement). */
  document_type: string;
  document_code: string;
  approver_user_id: number;
  approver_username: string;
  requested_by_user_id: number | null;
  requested_by_username: string;
  /** JSON of what the approval allowed (e.g. the enforced location and the destination). */
  details: string | null;
  at: string;
}

/** A goods receipt's own columns (0020-goods-receipts); id is the GOODS_RECEIPT document's id. */
export interface GoodsReceiptTable {
  id: number;
  source_document_id: number;
  /** The source's id while the receipt is open (unique: one open receipt per source), else null. */
  open_source_id: number | null;
  created_by: string;
  finished_at: string | null;
  finished_by: string | null;
}

/** One saved entry of a goods receipt (progress; nothing is in stock before finish). */
export interface GoodsReceiptEntryTable {
  id: Generated<number>;
  receipt_id: number;
  source_line_id: number;
  line_number: number;
  item_id: number;
  /** Integer thousandths. */
  quantity: number;
  batch_code: string | null;
  expiration_date: string | null;
  manufacturing_date: string | null;
  mnf_batch_code: string | null;
  serial_code: string | null;
  /** The serial's key while unposted (unique per item), null once posted. */
  open_serial_key: string | null;
  mnf_serial_code: string | null;
  target_bin_location_id: number;
  qc_pending: number;
  over_receipt: number;
  approved_by: string | null;
  user_id: number | null;
  username: string;
  created_at: string;
}

/** One saved entry of a customer return (0021-sales-returns); posted by the return's flush. */
export interface SalesReturnEntryTable {
  id: Generated<number>;
  document_id: number;
  line_number: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  /** Integer thousandths. */
  quantity: number;
  /** RESELLABLE | DAMAGED | TO_INSPECT | SCRAP (contract returnConditions). */
  condition: string;
  reason: string | null;
  target_bin_location_id: number;
  qc_pending: number;
  user_id: number | null;
  username: string;
  created_at: string;
  flushed_at: string | null;
}

/** 0025: a price list (features/item-prices); version rises when its prices change. */
export interface PriceListTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  name: string;
  /** ISO 4217. */
  currency: string;
  active: Generated<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** 0025: one price of an item in a list, from min_quantity (thousandths) on, within an optional validity. */
export interface ItemPriceTable {
  id: Generated<number>;
  price_list_id: number;
  item_id: number;
  min_quantity: number;
  /** Exact decimal text ("12.5"). */
  price: string;
  valid_from: string | null;
  /** valid_from or '' (part of the unique key). */
  valid_from_key: string;
  valid_to: string | null;
  updated_at: string;
}

/** 0025: an item's name and second name in one language (features/item-translations). */
export interface ItemTranslationTable {
  item_id: number;
  language: string;
  name: string;
  second_name: string | null;
  updated_at: string;
}

/** 0023: one uploaded import file (features/importers); JSON in the text columns. */
export interface ImportSessionTable {
  id: string;
  kind: string;
  user_id: number;
  /** The contract's statuses, or READING and COMMITTING (never on the wire). */
  status: string;
  file_name: string;
  sheet: string | null;
  sheets: string;
  headers: string;
  mapping: string;
  row_count: Generated<number>;
  counts: string | null;
  commit_mode: string | null;
  result: string | null;
  failure: string | null;
  claim: string | null;
  claimed_at: string | null;
  created_at: string;
  expires_at: string;
  committed_at: string | null;
  version: Generated<number>;
}

/** 0023: one data row of an import file: its cells and the last check's verdict. */
export interface ImportSessionRowTable {
  session_id: string;
  row_number: number;
  /** JSON: the cell texts by header index. */
  cells: string;
  status: string | null;
  group_key: string | null;
  messages: Generated<string>;
  committed: Generated<number>;
  created: string | null;
}

/** 0023: a user's last mapping of an importer kind (JSON: column name -> header text). */
export interface ImportMappingMemoryTable {
  user_id: number;
  kind: string;
  mapping: string;
  updated_at: string;
}

/** 0027: a pick list's head beyond the document (features/pick-lists). */
export interface PickListTable {
  document_id: number;
  route: string | null;
  /** 0/1. */
  packed: number;
  /** How it was made: SALES_ORDER | MERGE | COPY | SHORT | ERP. */
  origin: string;
  created_by: string;
}

/** 0027: a pick list line's progress; quantities are integer thousandths. */
export interface PickListLineTable {
  document_line_id: number;
  document_id: number;
  /** The SALES_ORDER line it came from. */
  source_line_id: number | null;
  picked_qty: number;
  short_qty: number;
  /** STOCKOUT | DAMAGED | WRONG_LOCATION (contract shortReasons). */
  short_reason: string | null;
  walk_order: number;
  /** 0/1. */
  skipped: number;
}

/** 0027: stock allocated to an open pick list line (raises the stock row's released_qty). */
export interface StockAllocationTable {
  id: Generated<number>;
  document_line_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  bin_location_id: number;
  /** Integer thousandths, > 0. */
  quantity: number;
}

/** 0027: a shipping container: a stock holder (its own MOBILE bin location) of a pick list. */
export interface ShippingContainerTable {
  id: Generated<number>;
  code: string;
  code_lower: string;
  /** 0/1: the code is an SSCC. */
  sscc: number;
  bin_location_id: number;
  /** BOX | PALLET | TOTE. */
  type: string;
  box_type: string | null;
  /** OPEN | CLOSED | DELIVERED | DISPATCHED. */
  status: string;
  pick_list_id: number | null;
  delivery_id: number | null;
  weight_mg: number | null;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  created_by: string;
  created_at: string;
  closed_at: string | null;
}

/** 0027: one PICK (positive) or PUT_BACK (negative) of a pick list line, integer thousandths. */
export interface PickEntryTable {
  id: Generated<number>;
  document_line_id: number;
  document_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  from_bin_location_id: number;
  container_id: number;
  quantity: number;
  user_id: number | null;
  username: string;
  at: string;
  idempotency_key: string | null;
}

/** 0027: a box type packers choose from. */
export interface ShippingBoxTypeTable {
  code: string;
  name: string;
  type: string;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
}

/** 0027: pick and collect: a cart slot holding one list's container during a claim. */
export interface PickCartSlotTable {
  cart_bin_location_id: number;
  slot: string;
  claim_id: number;
  pick_list_id: number;
  container_id: number | null;
}

/** 0027: the pick list creation lock per key (GLOBAL or a warehouse code). */
export interface PicklistCreationLockTable {
  lock_key: string;
  user_id: number | null;
  username: string;
  session_id: number | null;
  since: string;
}

/** 0030: a download (PREVIEW) or print (PRINT, REPRINT) of a delivery's packing slip. */
export interface PackingSlipPrintTable {
  id: Generated<number>;
  delivery_id: number;
  delivery_code: string;
  kind: string;
  printer: string | null;
  user_id: number | null;
  username: string;
  at: string;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  api_key: ApiKeyTable;
  transfer_token: TransferTokenTable;
  ip_rule: IpRuleTable;
  failed_signin: FailedSigninTable;
  failed_signin_account: FailedSigninAccountTable;
  system_setting: SystemSettingTable;
  translation_patch: TranslationPatchTable;
  bug_report: BugReportTable;
  analytics_event: AnalyticsEventTable;
  idempotency_record: IdempotencyRecordTable;
  erp_user: ErpUserTable;
  notification_counter: NotificationCounterTable;
  broadcast: BroadcastTable;
  broadcast_read: BroadcastReadTable;
  warehouse: WarehouseTable;
  bin_location: BinLocationTable;
  bin_location_attribute: BinLocationAttributeTable;
  bin_location_count_item: BinLocationCountItemTable;
  item: ItemTable;
  batch: BatchTable;
  serial: SerialTable;
  stock: StockTable;
  default_item_location: DefaultItemLocationTable;
  business_partner: BusinessPartnerTable;
  business_partner_address: BusinessPartnerAddressTable;
  document: DocumentTable;
  document_line: DocumentLineTable;
  document_attachment: DocumentAttachmentTable;
  stock_ledger: StockLedgerTable;
  printer: PrinterTable;
  custom_grid: CustomGridTable;
  item_search: ItemSearchTable;
  work_center: WorkCenterTable;
  work_order: WorkOrderTable;
  work_order_step: WorkOrderStepTable;
  work_order_plan: WorkOrderPlanTable;
  work_order_plan_step: WorkOrderPlanStepTable;
  work_time_entry: WorkTimeEntryTable;
  album_file: AlbumFileTable;
  user_task_template: UserTaskTemplateTable;
  user_task: UserTaskTable;
  user_task_user: UserTaskUserTable;
  user_task_worked_time: UserTaskWorkedTimeTable;
  task_button_press: TaskButtonPressTable;
  erp_outbox: ErpOutboxTable;
  claim: ClaimTable;
  claim_object: ClaimObjectTable;
  manager_approval: ManagerApprovalTable;
  sales_return_entry: SalesReturnEntryTable;
  goods_receipt: GoodsReceiptTable;
  goods_receipt_entry: GoodsReceiptEntryTable;
  price_list: PriceListTable;
  item_price: ItemPriceTable;
  item_translation: ItemTranslationTable;
  import_session: ImportSessionTable;
  import_session_row: ImportSessionRowTable;
  import_mapping_memory: ImportMappingMemoryTable;
  pick_list: PickListTable;
  pick_list_line: PickListLineTable;
  stock_allocation: StockAllocationTable;
  shipping_container: ShippingContainerTable;
  pick_entry: PickEntryTable;
  shipping_box_type: ShippingBoxTypeTable;
  pick_cart_slot: PickCartSlotTable;
  picklist_creation_lock: PicklistCreationLockTable;
  address_validation: AddressValidationTable;
  address_validation_history: AddressValidationHistoryTable;
  packing_slip_print: PackingSlipPrintTable;
  delivery: DeliveryTable;
  delivery_request: DeliveryRequestTable;
  pack_verification: PackVerificationTable;
  pack_request: PackRequestTable;
  pack_difference: PackDifferenceTable;
  delivery_load: DeliveryLoadTable;
  delivery_load_container: DeliveryLoadContainerTable;
  put_wall_slot: PutWallSlotTable;
  put_wall_request: PutWallRequestTable;
  location_count_lock: LocationCountLockTable;
  location_count: LocationCountTable;
  location_count_line: LocationCountLineTable;
  counting_list: CountingListTable;
  counting_list_location: CountingListLocationTable;
  counting_list_open_location: CountingListOpenLocationTable;
  counting_list_count: CountingListCountTable;
  batch_correction: BatchCorrectionTable;
  recount_line: RecountLineTable;
  recount_result: RecountResultTable;
  staging_location_rows: StagingLocationRowsTable;
  location_count_line_item: LocationCountLineItemTable;
  location_count_unindexed: LocationCountUnindexedTable;
}

export type AppUserRow = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type AppUserUpdate = Updateable<AppUserTable>;
export type UserSessionRow = Selectable<UserSessionTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type IpRuleRow = Selectable<IpRuleTable>;
export type PrinterRow = Selectable<PrinterTable>;
export type ErpOutboxRow = Selectable<ErpOutboxTable>;
export type ItemRow = Selectable<ItemTable>;
export type NewItem = Insertable<ItemTable>;
export type NewBinLocation = Insertable<BinLocationTable>;

/** 0029: a ship-to address's validation (features/address-validation); addresses and reasons as JSON. */
export interface AddressValidationTable {
  id: Generated<number>;
  document_id: number;
  ship_to_key: string;
  current_key: string;
  /** VALID | INVALID | OVERRIDDEN. */
  status: string;
  reasons: string;
  original_address: string;
  address: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** 0029: what was done to an address validation: VALIDATE | EDIT | REVALIDATE | APPROVE | OVERRIDE. */
export interface AddressValidationHistoryTable {
  id: Generated<number>;
  address_validation_id: number;
  action: string;
  username: string | null;
  at: string;
  status: string;
  before_address: string | null;
  after_address: string | null;
  comment: string | null;
}

/** 0028: a DELIVERY document's head beyond the document (features/deliveries). */
export interface DeliveryTable {
  document_id: number;
  pick_list_id: number | null;
  created_by: string;
  dispatched_at: string | null;
  dispatched_by: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_comment: string | null;
  /** The PICKED list a cancel put the goods back on. */
  reopened_pick_list_id: number | null;
}

/** 0028: a delivery create call's idempotency key and the delivery document ids it made (JSON). */
export interface DeliveryRequestTable {
  idempotency_key: string;
  pick_list_id: number;
  delivery_ids: string;
  at: string;
}

/** 0028: what packing counted or scanned of a container's content row (thousandths). */
export interface PackVerificationTable {
  id: Generated<number>;
  pick_list_id: number;
  container_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  verified_qty: number;
  updated_at: string;
}

/** 0028: idempotency keys of packing calls (verify, acceptDifference, repack). */
export interface PackRequestTable {
  idempotency_key: string;
  pick_list_id: number;
  kind: string;
  username: string;
  at: string;
}

/** 0028: a packing difference, the recount request it raised, and its acceptance. */
export interface PackDifferenceTable {
  id: Generated<number>;
  pick_list_id: number;
  container_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  missing: number;
  recount_document_id: number | null;
  raised_by: string;
  raised_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
}

/** 0031: a truck's loading at a dock (features/delivery-dispatch): OPEN -> CLOSED. */
export interface DeliveryLoadTable {
  id: Generated<number>;
  dock: string;
  route: string | null;
  status: string;
  opened_by: string;
  opened_at: string;
  closed_by: string | null;
  closed_at: string | null;
  idempotency_key: string;
}

/** 0031: a shipping container loaded into a load (each container once). */
export interface DeliveryLoadContainerTable {
  id: Generated<number>;
  load_id: number;
  container_id: number;
  delivery_id: number;
  loaded_by: string;
  loaded_at: string;
  idempotency_key: string;
}

/** 0032: a put wall slot of a multi-address pick list: one per ship-to (features/multi-address-delivery). */
export interface PutWallSlotTable {
  id: Generated<number>;
  pick_list_id: number;
  slot: string;
  ship_to_key: string;
  ship_to: string; // JSON
  container_id: number | null;
  /** OPEN | DELIVERED. */
  status: string;
  delivery_id: number | null;
  created_by: string;
  created_at: string;
}

/** 0032: a put's idempotency key (a replay moves nothing). */
export interface PutWallRequestTable {
  idempotency_key: string;
  pick_list_id: number;
  slot: string;
  delivery_id: number | null;
  at: string;
}

/** 0034: a committed batch or expiry correction, the audit log (features/stock-corrections). */
export interface BatchCorrectionTable {
  id: Generated<number>;
  code: string;
  /** BATCH (stock moved to another batch) | EXPIRY (a batch's expiry changed). */
  kind: string;
  item_id: number;
  batch_id: number;
  to_batch_id: number | null;
  /** 0/1. */
  to_batch_created: number;
  bin_location_id: number | null;
  /** Integer thousandths (BATCH). */
  quantity: number | null;
  released_carried: number;
  picked_carried: number;
  old_expiry: string | null;
  new_expiry: string | null;
  reason: string;
  user_id: number | null;
  username: string;
  at: string;
  idempotency_key: string;
}

/** 0033: a location's count lock (features/counting): one per location; expired ones are ignored. */
/** The stock rows with something on hand per staging location (the /goods_sorting counter; migration 0039). */
export interface StagingLocationRowsTable {
  bin_location_id: number;
  stock_rows: number;
}

export interface LocationCountLockTable {
  bin_location_id: number;
  user_id: number;
  username: string;
  /** WALL_TO_WALL, or the counting document's code. */
  context: string;
  round: number;
  taken_at: string;
  expires_at: string;
}

/** 0033: a saved location count (features/counting). */
export interface LocationCountTable {
  id: Generated<number>;
  bin_location_id: number;
  /** WALL_TO_WALL | COUNTING_LIST | RECOUNT. */
  source: string;
  document_code: string | null;
  round: number;
  reason: string;
  /** POSTED | NO_DIFFERENCE | RECOUNT_REQUESTED. */
  outcome: string;
  recount_document_code: string | null;
  empty: number;
  user_id: number | null;
  username: string;
  at: string;
  idempotency_key: string;
}

/** 0033: one counted item, batch and serial of a saved location count (integer thousandths). */
export interface LocationCountLineTable {
  id: Generated<number>;
  location_count_id: number;
  bin_location_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  counted: number;
  on_hand: number;
  difference: number;
}

/** 0040: the count history's item index, written in sorted batches (features/counting/count-history-indexer.ts). */
export interface LocationCountLineItemTable {
  item_id: number;
  line_id: number;
}

/** 0040: the saved counts whose lines are not in location_count_line_item yet. */
export interface LocationCountUnindexedTable {
  location_count_id: number;
}

/** 0035: the saved recount of a RECOUNT_REQUEST per location and (item, batch, serial), thousandths. */
export interface RecountLineTable {
  id: Generated<number>;
  document_id: number;
  bin_location_id: number;
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  counted: number;
  user_id: number | null;
  username: string;
  at: string;
}

/** 0035: how a recount was decided (FIRST_COUNT_WRONG, POSTED, REVIEW) and, when reviewed, by whom. */
export interface RecountResultTable {
  id: Generated<number>;
  document_id: number;
  outcome: string;
  recounter_id: number | null;
  recounter: string;
  flushed_at: string;
  reviewer: string | null;
  review_comment: string | null;
  reviewed_at: string | null;
}

/** 0036: a counting list's counting type (the list is a COUNTING_LIST document). */
export interface CountingListTable {
  document_id: number;
  counting_type: string;
  created_by: string;
}

/** 0036: a location of a counting list, in walk order, with its state and agreed count (JSON). */
export interface CountingListLocationTable {
  document_id: number;
  bin_location_id: number;
  position: number;
  state: string;
  agreed: string | null;
}

/** 0036: a location in an open counting list (at most one). */
export interface CountingListOpenLocationTable {
  bin_location_id: number;
  document_id: number;
}

/** 0036: a saved count of a list's location in a round (lines: JSON of counted units). */
export interface CountingListCountTable {
  id: Generated<number>;
  document_id: number;
  bin_location_id: number;
  round: number;
  user_id: number;
  username: string;
  lines: string;
  empty: number;
  at: string;
}
