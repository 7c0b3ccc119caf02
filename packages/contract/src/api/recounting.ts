import { z } from 'zod';
import { isoDateTime } from './common.js';
import { countLineSchema, countReasons } from './counting.js';
import { recountRequestStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Recounting (PROCESSES.md 4.4; issue 20 item 4; docs/decisions/0191-recounting.md). A
 * RECOUNT_REQUEST is a second, independent count of a discrepancy before (or instead of) a posting.
 *
 * Role recounting, under /api/v1/recounting/:
 * - GET  requests                           the open requests (OPEN, CLAIMED, COUNTED): locations,
 *        items, source, who counted first; blind: no first count, no onHand
 * - POST claim/{code}                       claims it (OPEN -> CLAIMED) and takes the count lock of
 *        its locations; the first counter may not (422 recountMustBeOtherUser {username})
 * - GET  document/{code}                    the locations and items to count, blind
 * - POST save {idempotencyKey, document, location, lines}  the recount of one location, stored
 *        (-> COUNTED); saving a location again replaces its recount
 * - POST flush {idempotencyKey, document}   decides: every line's recount equals the system's onHand
 *        at flush time or the first count -> the differences against onHand are posted, one
 *        COUNT_ADJUSTMENT per location (key rc:{document}:{location}:1; none when the recount agrees
 *        with the system: FIRST_COUNT_WRONG); otherwise -> REVIEW
 *
 * Authorisation recountingAuthReview (the manager's /recounting/request):
 * - GET  review                             the requests in REVIEW with first count, recount and onHand
 * - POST review/{code} {idempotencyKey, lines, comment}  posts the manager's values (key
 *        rc:{document}:{location}:2; the ledger's user is the manager) -> FLUSHED
 * - POST request {location, items, comment} a MANUAL request
 *
 * Refusals: 403 (role); 404 unknownDocument {type, code}, unknownLocation {code},
 * unknownItemForCode {code}; 409 claimedByOtherUser {username}, claimRequired; 422
 * recountMustBeOtherUser {username}, locationNotInRecountRequest {location, document},
 * itemNotInCountRequest {item, location}, recountNotSaved {document, location},
 * recountReviewIncomplete {location, item}, invalidStatusTransition {type, from, to}, and the
 * count lines' and the stock service's keys. A refusal changes nothing.
 */

const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);

/** Where a recount request came from. */
export const recountSources = ['THRESHOLD', 'PACKING_DIFFERENCE', 'SHORT_PICK', 'MANUAL'] as const;
export type RecountSource = (typeof recountSources)[number];

export const recountCodeParamsSchema = z.object({ code });

export const recountItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  managedBy: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
});
export type RecountItem = z.infer<typeof recountItemSchema>;

export const recountLocationSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  /** The (item, batch, serial) to count, blind. */
  items: z.array(recountItemSchema),
  /** The caller saved a recount of this location already. */
  saved: z.boolean(),
});
export type RecountLocation = z.infer<typeof recountLocationSchema>;

/** One request, blind: no first count, no onHand. */
export const recountRequestSchema = z.object({
  code: z.string(),
  status: z.enum(recountRequestStatuses),
  version: z.number().int(),
  source: z.enum(recountSources),
  warehouse: z.string().nullable(),
  /** Who counted first (null: nobody, e.g. a packing difference or a manual request). */
  firstCounter: z.string().nullable(),
  claimedBy: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: isoDateTime,
  locations: z.array(recountLocationSchema),
});
export type RecountRequest = z.infer<typeof recountRequestSchema>;

export const recountRequestsAnswerSchema = z.object({ requests: z.array(recountRequestSchema) });
export type RecountRequestsAnswer = z.infer<typeof recountRequestsAnswerSchema>;

export const recountSaveRequestSchema = z.object({
  idempotencyKey,
  document: code,
  location: code,
  lines: z.array(countLineSchema).max(2000).default([]),
  reason: z.enum(countReasons).default('COUNT'),
});
export type RecountSaveRequest = z.input<typeof recountSaveRequestSchema>;

export const recountSaveAnswerSchema = z.object({
  document: z.string(),
  location: z.string(),
  status: z.enum(recountRequestStatuses),
  /** Locations of the request still to recount. */
  locationsLeft: z.array(z.string()),
  replayed: z.boolean(),
});
export type RecountSaveAnswer = z.infer<typeof recountSaveAnswerSchema>;

export const recountFlushRequestSchema = z.object({ idempotencyKey, document: code });
export type RecountFlushRequest = z.input<typeof recountFlushRequestSchema>;

export const recountOutcomes = ['FIRST_COUNT_WRONG', 'POSTED', 'REVIEW'] as const;
export type RecountOutcome = (typeof recountOutcomes)[number];

export const recountFlushAnswerSchema = z.object({
  document: z.string(),
  status: z.enum(recountRequestStatuses),
  outcome: z.enum(recountOutcomes),
  /** Stock rows the COUNT_ADJUSTMENTs changed. */
  adjustedLines: z.number().int(),
  replayed: z.boolean(),
});
export type RecountFlushAnswer = z.infer<typeof recountFlushAnswerSchema>;

/** A line of a request in REVIEW: not blind (the manager decides). */
export const recountReviewLineSchema = z.object({
  location: z.string(),
  item: z.string(),
  itemName: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  /** null: there was no first count of this line. */
  firstCount: z.number().nullable(),
  recount: z.number(),
  /** onHand now; null to non-admins in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
  onHand: z.number().nullable(),
});
export type RecountReviewLine = z.infer<typeof recountReviewLineSchema>;

export const recountReviewSchema = z.object({
  code: z.string(),
  version: z.number().int(),
  source: z.enum(recountSources),
  firstCounter: z.string().nullable(),
  recounter: z.string().nullable(),
  comment: z.string().nullable(),
  lines: z.array(recountReviewLineSchema),
});
export type RecountReview = z.infer<typeof recountReviewSchema>;

export const recountReviewListSchema = z.object({ requests: z.array(recountReviewSchema) });
export type RecountReviewList = z.infer<typeof recountReviewListSchema>;

export const recountReviewRequestSchema = z.object({
  idempotencyKey,
  /** The value of every line of the review (counted units). */
  lines: z
    .array(
      z.object({
        location: code,
        item: code,
        batch: code.nullable().optional(),
        serial: code.nullable().optional(),
        quantity: z.number().finite().min(0).max(1e9),
      }),
    )
    .min(1)
    .max(2000),
  comment: z.string().trim().min(1).max(1000),
});
export type RecountReviewRequest = z.input<typeof recountReviewRequestSchema>;

export const manualRecountRequestSchema = z.object({
  location: code,
  items: z.array(code).min(1).max(200),
  comment: z.string().trim().max(1000).default(''),
});
export type ManualRecountRequest = z.input<typeof manualRecountRequestSchema>;

const recounters = rolesAccess('recounting');
const reviewers = rolesAccess('recountingAuthReview');
const base = '/api/v1/recounting';

export const recountingEndpoints = defineEndpoints('recounting', {
  requests: { method: 'GET', path: `${base}/requests`, access: recounters, answer: recountRequestsAnswerSchema },
  claim: {
    method: 'POST',
    path: `${base}/claim/:code`,
    access: recounters,
    params: recountCodeParamsSchema,
    answer: recountRequestSchema,
  },
  document: {
    method: 'GET',
    path: `${base}/document/:code`,
    access: recounters,
    params: recountCodeParamsSchema,
    answer: recountRequestSchema,
  },
  save: {
    method: 'POST',
    path: `${base}/save`,
    access: recounters,
    body: recountSaveRequestSchema,
    answer: recountSaveAnswerSchema,
  },
  flush: {
    method: 'POST',
    path: `${base}/flush`,
    access: recounters,
    body: recountFlushRequestSchema,
    answer: recountFlushAnswerSchema,
  },
  reviews: { method: 'GET', path: `${base}/review`, access: reviewers, answer: recountReviewListSchema },
  review: {
    method: 'POST',
    path: `${base}/review/:code`,
    access: reviewers,
    params: recountCodeParamsSchema,
    body: recountReviewRequestSchema,
    answer: recountFlushAnswerSchema,
  },
  request: {
    method: 'POST',
    path: `${base}/request`,
    access: reviewers,
    body: manualRecountRequestSchema,
    answer: recountRequestSchema,
  },
});
