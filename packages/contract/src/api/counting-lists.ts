import { z } from 'zod';
import { countingApproaches, workTypes } from '../enums.js';
import { isoDateTime } from './common.js';
import { countLineSchema } from './counting.js';
import { countingListDocumentStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Counting lists: full stocktakes in WALL_TO_WALL_BATCHING_MODE (PROCESSES.md 4.3; issue 20 part 3;
 * docs/decisions/0192-counting-lists.md). A COUNTING_LIST document holds locations in walk order
 * (countingSortingCode); a location is in at most one open list.
 *
 * /counting_list_creator (role countingListCreator):
 * - POST /api/v1/counting_lists/preview {filter}           how many locations the filter selects
 * - POST /api/v1/counting_lists {filter, maxLocationsPerList, countingType, idempotencyKey}
 *        the lists (CREATED), at most N locations each, in walk order
 * - GET  /api/v1/counting_lists                          the lists of every status, newest first (at most
 *        countingListRecentMax; also countingAuthManageClaims), in any operation mode
 * - GET  /api/v1/counting_lists/{list}/pdf                  the list with a Code 128 barcode per location
 * - POST /api/v1/counting_lists/{list}/cancel               CREATED only
 * - GET  /api/v1/counting_lists/{list}/variance             per item: counted, system, difference, value
 *        (also countingAuthManageClaims)
 * - GET  /api/v1/counting_lists/{list}/variance.xlsx        the same as a spreadsheet
 *
 * /wall_to_wall_batch (role counting; the operation mode must be WALL_TO_WALL_BATCHING_MODE):
 * - GET  /api/v1/wall_to_wall/batch/countingList            the open lists with progress, no quantities
 * - POST /api/v1/wall_to_wall/batch/startCounting {list}    claims the list; the first start freezes its
 *        locations until the list is flushed (every stock movement from or into them is refused)
 * - GET  /api/v1/wall_to_wall/batch/progress?list           per location its state, no quantities
 * - POST /api/v1/wall_to_wall/batch/save {idempotencyKey, list, location, lines, empty?}
 *        the caller's count of the location for the list's current round (a draft until flush)
 * - POST /api/v1/wall_to_wall/batch/flush {idempotencyKey, list, exclude?}
 *        the claimant, or countingListCreatorAuthFlush (who alone may exclude locations): ONE
 *        COUNT_ADJUSTMENT per agreed location (counted - onHand at flush), unfreezes, FLUSHED
 *
 * Refusals (errors.ts): 403 requestForbidden; 404 unknownDocument {type, code}, unknownLocation
 * {code}, unknownItemForCode {code}; 409 claimedByOtherUser {username}, claimRequired; 422
 * countingListsNeedBatchingMode, noLocationsSelected, tooManyLocationsSelected {max},
 * locationAlreadyInOpenList {location, list}, countingListNotInProgress {list, status},
 * locationNotInCountingList {location, list}, locationAlreadyCountedInRound {location, list},
 * secondCountMustBeOtherUser {location}, countingListIncomplete {locations},
 * invalidStatusTransition, the count line keys of counting.ts and the stock service's.
 */

/** PENDING -> COUNTED_1 -> COUNTED_2 -> AGREED, or -> REVIEW (COUNTED_3 is the spec's; the third count decides at once). */
export const countingListLocationStates = [
  'PENDING',
  'COUNTED_1',
  'COUNTED_2',
  'COUNTED_3',
  'AGREED',
  'REVIEW',
] as const;
export type CountingListLocationState = (typeof countingListLocationStates)[number];

/** COUNTING_LIST statuses (also in documents.ts). */
export const countingListStatuses = countingListDocumentStatuses;
export type CountingListStatus = (typeof countingListStatuses)[number];

/** The creator's table shows at most this many lists (newest first). */
export const countingListRecentMax = 500;

/** At most this many locations are selected by one create (and counted by a preview). */
export const countingListSelectionMax = 50_000;

const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);

export const countingListFilterSchema = z.object({
  warehouse: code,
  /** An inclusive range of location codes (either end may be left out). */
  fromCode: code.optional(),
  toCode: code.optional(),
  /** An inclusive range of countingSortingCode (locations without one are left out when given). */
  fromCountingSortingCode: code.optional(),
  toCountingSortingCode: code.optional(),
  /** Location types (bin_location.locationType: BULK, PICK, ...); MOBILE locations are never selected. */
  locationTypes: z.array(z.enum(workTypes)).max(workTypes.length).optional(),
  /** Only locations holding stock (onHand above zero). */
  withStock: z.boolean().default(false),
  /** Only locations holding one of these items (codes). */
  items: z.array(code).max(500).optional(),
});
export type CountingListFilter = z.input<typeof countingListFilterSchema>;

export const countingListPreviewAnswerSchema = z.object({
  /** The locations selected (at most countingListSelectionMax + 1 are counted: see truncated). */
  locations: z.number().int(),
  truncated: z.boolean(),
  /** Of them, how many are in an open list already (a create would be refused). */
  inOpenLists: z.number().int(),
});
export type CountingListPreviewAnswer = z.infer<typeof countingListPreviewAnswerSchema>;

export const countingListCreateRequestSchema = z.object({
  idempotencyKey,
  filter: countingListFilterSchema,
  maxLocationsPerList: z.number().int().min(1).max(5000),
  countingType: z.enum(countingApproaches),
});
export type CountingListCreateRequest = z.input<typeof countingListCreateRequestSchema>;

export const countingListCreateAnswerSchema = z.object({
  lists: z.array(z.object({ code: z.string(), locations: z.number().int() })),
  replayed: z.boolean(),
});
export type CountingListCreateAnswer = z.infer<typeof countingListCreateAnswerSchema>;

export const countingListParamsSchema = z.object({ list: code });

export const countingListSummarySchema = z.object({
  code: z.string(),
  status: z.enum(countingListStatuses),
  version: z.number().int(),
  warehouse: z.string().nullable(),
  countingType: z.enum(countingApproaches),
  /** The round being counted (1 to 3); null when nothing is left to count. */
  round: z.number().int().nullable(),
  claimedBy: z.string().nullable(),
  locations: z.number().int(),
  /** Locations per state. */
  progress: z.record(z.enum(countingListLocationStates), z.number().int()),
  createdAt: isoDateTime,
});
export type CountingListSummary = z.infer<typeof countingListSummarySchema>;
export const countingListsAnswerSchema = z.object({ lists: z.array(countingListSummarySchema) });
export type CountingListsAnswer = z.infer<typeof countingListsAnswerSchema>;

export const countingListLocationSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  countingSortingCode: z.string().nullable(),
  state: z.enum(countingListLocationStates),
  /** How many counts are saved. */
  counts: z.number().int(),
  /** Who saved each count, in round order. */
  counters: z.array(z.string()),
  /** Whether the list's current round needs a count of this location. */
  toCount: z.boolean(),
});
export type CountingListLocation = z.infer<typeof countingListLocationSchema>;
export const countingListProgressAnswerSchema = z.object({
  list: countingListSummarySchema,
  locations: z.array(countingListLocationSchema),
});
export type CountingListProgressAnswer = z.infer<typeof countingListProgressAnswerSchema>;

export const countingListStartRequestSchema = z.object({ list: code });
export const countingListProgressQuerySchema = z.object({ list: code });

export const countingListSaveRequestSchema = z
  .object({
    idempotencyKey,
    list: code,
    location: code,
    lines: z.array(countLineSchema).max(2000).default([]),
    /** "Location empty": confirms zero (no lines with it). */
    empty: z.boolean().default(false),
  })
  .refine((r) => !r.empty || r.lines.length === 0, { message: 'no lines with empty', path: ['lines'] });
export type CountingListSaveRequest = z.input<typeof countingListSaveRequestSchema>;
export const countingListSaveAnswerSchema = z.object({
  list: z.string(),
  location: z.string(),
  round: z.number().int(),
  state: z.enum(countingListLocationStates),
  listStatus: z.enum(countingListStatuses),
  replayed: z.boolean(),
});
export type CountingListSaveAnswer = z.infer<typeof countingListSaveAnswerSchema>;

export const countingListFlushRequestSchema = z.object({
  idempotencyKey,
  list: code,
  /** Locations left out of the flush (not posted; flagged requiresCounting YES). Managers only. */
  exclude: z.array(code).max(5000).default([]),
});
export type CountingListFlushRequest = z.input<typeof countingListFlushRequestSchema>;
export const countingListFlushAnswerSchema = z.object({
  list: z.string(),
  status: z.enum(countingListStatuses),
  postedLocations: z.number().int(),
  adjustedLines: z.number().int(),
  excludedLocations: z.array(z.string()),
  replayed: z.boolean(),
});
export type CountingListFlushAnswer = z.infer<typeof countingListFlushAnswerSchema>;

export const countingListVarianceRowSchema = z.object({
  item: z.string(),
  name: z.string(),
  counted: z.number(),
  system: z.number(),
  difference: z.number(),
  /** difference x the item's average price; null without a price. */
  value: z.number().nullable(),
});
export const countingListVarianceAnswerSchema = z.object({
  list: z.string(),
  status: z.enum(countingListStatuses),
  /** FLUSHED: the figures posted; otherwise the agreed counts against the stock now. */
  posted: z.boolean(),
  rows: z.array(countingListVarianceRowSchema),
  totalValue: z.number(),
});
export type CountingListVarianceAnswer = z.infer<typeof countingListVarianceAnswerSchema>;

const creators = rolesAccess('countingListCreator');
const counters = rolesAccess('counting');
const managers = rolesAccess('countingListCreator', 'countingAuthManageClaims');

export const countingListEndpoints = defineEndpoints('countingLists', {
  list: {
    method: 'GET',
    path: '/api/v1/counting_lists',
    access: managers,
    answer: countingListsAnswerSchema,
  },
  preview: {
    method: 'POST',
    path: '/api/v1/counting_lists/preview',
    access: creators,
    body: z.object({ filter: countingListFilterSchema }),
    answer: countingListPreviewAnswerSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/counting_lists',
    access: creators,
    body: countingListCreateRequestSchema,
    answer: countingListCreateAnswerSchema,
  },
  pdf: {
    method: 'GET',
    path: '/api/v1/counting_lists/:list/pdf',
    access: creators,
    params: countingListParamsSchema,
    answer: null,
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/counting_lists/:list/cancel',
    access: creators,
    params: countingListParamsSchema,
    answer: countingListSummarySchema,
  },
  variance: {
    method: 'GET',
    path: '/api/v1/counting_lists/:list/variance',
    access: managers,
    params: countingListParamsSchema,
    answer: countingListVarianceAnswerSchema,
  },
  varianceXlsx: {
    method: 'GET',
    path: '/api/v1/counting_lists/:list/variance.xlsx',
    access: managers,
    params: countingListParamsSchema,
    answer: null,
  },
});

export const wallToWallBatchEndpoints = defineEndpoints('wallToWallBatch', {
  countingList: {
    method: 'GET',
    path: '/api/v1/wall_to_wall/batch/countingList',
    access: counters,
    answer: countingListsAnswerSchema,
  },
  startCounting: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/batch/startCounting',
    access: counters,
    body: countingListStartRequestSchema,
    answer: countingListProgressAnswerSchema,
  },
  progress: {
    method: 'GET',
    path: '/api/v1/wall_to_wall/batch/progress',
    access: counters,
    query: countingListProgressQuerySchema,
    answer: countingListProgressAnswerSchema,
  },
  save: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/batch/save',
    access: counters,
    body: countingListSaveRequestSchema,
    answer: countingListSaveAnswerSchema,
  },
  flush: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/batch/flush',
    access: counters,
    body: countingListFlushRequestSchema,
    answer: countingListFlushAnswerSchema,
  },
});
