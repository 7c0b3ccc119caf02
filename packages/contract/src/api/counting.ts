import { z } from 'zod';
import { countingStates } from './bin-locations.js';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Counting (PROCESSES.md 4.1, 4.2; issue 20 parts 1, 2 and 6; docs/decisions/0189-counting.md).
 *
 * /wall_to_wall (role counting; extension wallToWall, else 403):
 * - GET  /api/v1/wall_to_wall/requests?warehouse      the flagged locations (YES, PARTIAL with its items)
 *        in countingSortingCode order (the counting walk); blind: no quantity anywhere
 * - POST /api/v1/wall_to_wall/{location}/start         takes (or renews) the location's count lock
 *        and answers what to count, blind
 * - POST /api/v1/wall_to_wall/{location}/release       gives the lock back without saving
 * - POST /api/v1/wall_to_wall/save {idempotencyKey, location, lines, empty?, reason?, confirmMissingSerials?}
 *        the difference counted - onHand at save time per item, batch and serial is ONE
 *        COUNT_ADJUSTMENT (key w2w:{location}:{round}); over the setting counting.recountThreshold
 *        nothing is posted and a RECOUNT_REQUEST is raised instead
 *
 * Count history: GET /api/v1/counting/history?location&item&offset&limit (role information),
 * every saved count line newest first.
 *
 * Input that fails its schema (lines together with empty) is 400. Refusals (errors.ts): 403 requestForbidden (no role, or the extension off); 404 unknownLocation
 * {code}, unknownItemForCode {code}; 409 claimedByOtherUser {username} (another counter holds the
 * lock); 422 locationNotFlaggedForCounting {location} (without countingAuthCountUnrequested),
 * itemNotInCountRequest {item, location} (PARTIAL), unknownBatch {code}, unknownSerial {code},
 * batchRequired {item}, serialRequired {item}, batchOrSerialNotForItem {item},
 * serialsMissingConfirm {serials}, and the stock service's
 * (locationIsBeingCounted {location}, notEnoughAvailableStock ...). A refusal changes nothing.
 */

/** Reason codes of a count adjustment (OpenBoxes' root causes, #5625); COUNT is the default. */
export const countReasons = [
  'COUNT',
  'BIN_CORRECTION',
  'LOT_CORRECTION',
  'MISPLACED',
  'DAMAGED',
  'RECEIVING_ERROR',
  'PICKING_ERROR',
  'THEFT_OR_LOSS',
  'UNKNOWN',
] as const;
export type CountReason = (typeof countReasons)[number];

/** Where a saved count came from. */
export const countSources = ['WALL_TO_WALL', 'COUNTING_LIST', 'RECOUNT'] as const;
export type CountSource = (typeof countSources)[number];

/**
 * What a saved location count did. A recount (decision 0191): FIRST_COUNT_WRONG (it agreed with
 * the system: nothing posted), POSTED, or REVIEW (a manager decides; the manager's value is POSTED).
 */
export const countOutcomes = ['POSTED', 'NO_DIFFERENCE', 'RECOUNT_REQUESTED', 'FIRST_COUNT_WRONG', 'REVIEW'] as const;
export type CountOutcome = (typeof countOutcomes)[number];

/**
 * Setting counting.recountThreshold (decision 0189): NONE posts every difference; PERCENT: a
 * line whose |difference| is more than value % of its onHand (any difference where onHand is
 * 0); ABSOLUTE: a line whose |difference| is more than value units. One line over it sends the
 * whole location to a recount.
 */
export const recountThresholdModes = ['NONE', 'PERCENT', 'ABSOLUTE'] as const;
export type RecountThresholdMode = (typeof recountThresholdModes)[number];
export const recountThresholdSchema = z.object({
  mode: z.enum(recountThresholdModes),
  value: z.number().finite().min(0).max(1e9),
});
export type RecountThreshold = z.infer<typeof recountThresholdSchema>;

const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);

export const wallToWallLocationParamsSchema = z.object({ location: code });

export const countItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  managedBy: z.string(),
});
export type CountItem = z.infer<typeof countItemSchema>;

export const countRequestLocationSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  warehouse: z.string(),
  countingSortingCode: z.string().nullable(),
  requiresCounting: z.enum(countingStates),
  /** PARTIAL: the items to count; YES: empty (the whole location). */
  items: z.array(countItemSchema),
  /** Another counter's unexpired lock (null: free, or the caller's own). */
  lockedBy: z.string().nullable(),
});
export type CountRequestLocation = z.infer<typeof countRequestLocationSchema>;

export const countRequestsQuerySchema = z.object({ warehouse: code.optional() });
export type CountRequestsQuery = z.input<typeof countRequestsQuerySchema>;
export const countRequestsAnswerSchema = z.object({
  locations: z.array(countRequestLocationSchema),
  /** More than the 1,000 shown. */
  truncated: z.boolean(),
});
export type CountRequestsAnswer = z.infer<typeof countRequestsAnswerSchema>;

/** What to count at a started location: blind (no expected quantity). */
export const countStartAnswerSchema = z.object({
  location: z.object({ code: z.string(), visualCode: z.string(), warehouse: z.string() }),
  requiresCounting: z.enum(countingStates),
  /** WHOLE_LOCATION: every item there (YES, or unrequested); ITEMS: only `items` (PARTIAL). */
  scope: z.enum(['WHOLE_LOCATION', 'ITEMS']),
  items: z.array(countItemSchema),
  round: z.number().int(),
  lockExpiresAt: isoDateTime,
});
export type CountStartAnswer = z.infer<typeof countStartAnswerSchema>;

export const countLineSchema = z.object({
  item: code,
  batch: code.optional(),
  serial: code.optional(),
  /** Counted units; a serial line counts 1 (its quantity may be left out). */
  quantity: z.number().finite().min(0).max(1e9).optional(),
});
export type CountLine = z.input<typeof countLineSchema>;

export const countSaveRequestSchema = z
  .object({
    idempotencyKey,
    location: code,
    lines: z.array(countLineSchema).max(2000).default([]),
    /** "Location empty": confirms zero of everything to count (no lines with it). */
    empty: z.boolean().default(false),
    reason: z.enum(countReasons).default('COUNT'),
    /** Expected serials not scanned are missing: confirmed by sending the save again with this. */
    confirmMissingSerials: z.boolean().default(false),
  })
  .refine((r) => !r.empty || r.lines.length === 0, { message: 'no lines with empty', path: ['lines'] });
export type CountSaveRequest = z.input<typeof countSaveRequestSchema>;

export const countSaveAnswerSchema = z.object({
  location: z.string(),
  outcome: z.enum(countOutcomes),
  /** Stock rows the COUNT_ADJUSTMENT changed (0 when nothing was posted). */
  adjustedLines: z.number().int(),
  /** Serials found here that the system had at another location (moved here by TRANSFER). */
  transferredSerials: z.array(z.string()),
  /** The RECOUNT_REQUEST raised instead of a posting. */
  recountRequest: z.string().nullable(),
  round: z.number().int(),
  /** The idempotency key was seen before: the first answer, nothing changed. */
  replayed: z.boolean(),
});
export type CountSaveAnswer = z.infer<typeof countSaveAnswerSchema>;

export const countHistoryQuerySchema = z.object({
  location: code.optional(),
  item: code.optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type CountHistoryQuery = z.input<typeof countHistoryQuerySchema>;

/** One counted line (item, batch, serial) of a saved location count. */
export const countHistoryRowSchema = z.object({
  at: isoDateTime,
  location: z.string(),
  item: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  counted: z.number(),
  /** onHand at save time; null to non-admins in WALL_TO_WALL_BATCHING_MODE (blind counting). */
  onHand: z.number().nullable(),
  /** counted - onHand; null as onHand. */
  difference: z.number().nullable(),
  /** Whether the difference was posted (false: none, or sent to a recount). */
  posted: z.boolean(),
  outcome: z.enum(countOutcomes),
  reason: z.enum(countReasons),
  source: z.enum(countSources),
  document: z.string().nullable(),
  username: z.string(),
});
export type CountHistoryRow = z.infer<typeof countHistoryRowSchema>;
export const countHistoryAnswerSchema = z.object({
  rows: z.array(countHistoryRowSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type CountHistoryAnswer = z.infer<typeof countHistoryAnswerSchema>;

const counters = rolesAccess('counting');

export const wallToWallEndpoints = defineEndpoints('wallToWall', {
  requests: {
    method: 'GET',
    path: '/api/v1/wall_to_wall/requests',
    access: counters,
    query: countRequestsQuerySchema,
    answer: countRequestsAnswerSchema,
  },
  start: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/:location/start',
    access: counters,
    params: wallToWallLocationParamsSchema,
    answer: countStartAnswerSchema,
  },
  release: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/:location/release',
    access: counters,
    params: wallToWallLocationParamsSchema,
    answer: z.object({ released: z.boolean() }),
  },
  save: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/save',
    access: counters,
    body: countSaveRequestSchema,
    answer: countSaveAnswerSchema,
  },
});

export const countingEndpoints = defineEndpoints('counting', {
  history: {
    method: 'GET',
    path: '/api/v1/counting/history',
    access: rolesAccess('information'),
    query: countHistoryQuerySchema,
    answer: countHistoryAnswerSchema,
  },
});

/**
 * /wall_to_wall/request (desktop; PROCESSES.md 4.2; decision 0189 "The desktop request"): select
 * locations and flag them for counting in one go, through setCountingState's rule (role
 * informationAuthSetCountingState, as the per-location setCountingState):
 * - POST /api/v1/wall_to_wall/request/preview {filter}  how many locations it selects, the first 50 codes
 * - POST /api/v1/wall_to_wall/request {filter, state, items?, idempotencyKey}  one transaction over
 *        every selected location (at most wallToWallRequestMax): NO -> state, PARTIAL -> PARTIAL
 *        (the item list replaced); a location whose transition is not allowed (YES already, or
 *        PARTIAL under a YES request) is left as it is and counted in alreadyFlagged
 * MOBILE locations are never selected. Refusals: 404 unknownWarehouse {code}, unknownItemForCode
 * {code}; 422 noLocationsSelected, tooManyLocationsSelected {max}; a refusal changes nothing.
 */
export const wallToWallRequestMax = 5000;
export const wallToWallRequestSampleSize = 50;

export const wallToWallRequestFilterSchema = z.object({
  warehouse: code,
  /** An inclusive range of location codes (either end may be left out). */
  codeFrom: code.optional(),
  codeTo: code.optional(),
  /** Locations whose sortingCode starts with this (case-insensitive). */
  sortingCode: code.optional(),
  /** The location attribute "zone" (case-insensitive). */
  zone: code.optional(),
  /** Only locations holding this item (onHand above zero). */
  holdingItem: code.optional(),
  /** Only locations with no saved count in the last N days (never counted ones included). */
  notCountedForDays: z.number().int().min(1).max(36_500).optional(),
});
export type WallToWallRequestFilter = z.input<typeof wallToWallRequestFilterSchema>;

export const wallToWallRequestPreviewRequestSchema = z.object({ filter: wallToWallRequestFilterSchema });
export type WallToWallRequestPreviewRequest = z.input<typeof wallToWallRequestPreviewRequestSchema>;
export const wallToWallRequestPreviewAnswerSchema = z.object({
  /** Every location the filter selects (may be above wallToWallRequestMax: a request is then refused). */
  count: z.number().int(),
  /** Of them, how many are requested already (YES or PARTIAL). */
  alreadyFlagged: z.number().int(),
  /** The first 50 location codes in the counting walk. */
  sample: z.array(z.string()),
  max: z.number().int(),
});
export type WallToWallRequestPreviewAnswer = z.infer<typeof wallToWallRequestPreviewAnswerSchema>;

export const wallToWallRequestSchema = z
  .object({
    idempotencyKey,
    filter: wallToWallRequestFilterSchema,
    state: z.enum(['YES', 'PARTIAL']),
    /** PARTIAL: the item codes to count (at least one); YES: none. */
    items: z.array(code).max(1000).default([]),
  })
  .refine((r) => (r.state === 'PARTIAL') === r.items.length > 0, {
    message: 'PARTIAL needs items, YES takes none',
    path: ['items'],
  });
export type WallToWallRequestRequest = z.input<typeof wallToWallRequestSchema>;
export const wallToWallRequestAnswerSchema = z.object({
  /** Locations whose counting state was set. */
  updated: z.number().int(),
  /** Selected locations left as they were (their transition is not allowed). */
  alreadyFlagged: z.number().int(),
  replayed: z.boolean(),
});
export type WallToWallRequestAnswer = z.infer<typeof wallToWallRequestAnswerSchema>;

const countingStateSetters = rolesAccess('informationAuthSetCountingState');

export const wallToWallRequestEndpoints = defineEndpoints('wallToWallRequest', {
  preview: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/request/preview',
    access: countingStateSetters,
    body: wallToWallRequestPreviewRequestSchema,
    answer: wallToWallRequestPreviewAnswerSchema,
  },
  request: {
    method: 'POST',
    path: '/api/v1/wall_to_wall/request',
    access: countingStateSetters,
    body: wallToWallRequestSchema,
    answer: wallToWallRequestAnswerSchema,
  },
});
