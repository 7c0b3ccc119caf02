import { sameCode } from '@wms/contract';
import { StepFailure } from '../../handheld/keyed-failure.js';

/** The steps a refused transfer can send the operator back to. */
export type RefusalStep = 'from' | 'item' | 'quantity' | 'to';

const itemKeys = new Set([
  'notEnoughSerialsAvailable',
  'itemIsNotAllowed',
  'canNotMoveQcAndNonQcInSameTransfer',
  'unknownItemForCode',
  'unknownBatch',
  'unknownSerial',
  'invalidInput',
]);
const locationKeys = new Set(['stockMovementRestricted', 'stockMovementsBlocked', 'unknownLocation']);

/**
 * Where a definite refusal of a transfer sends the operator: the step whose answer was wrong, so
 * the right scan continues (DOMAIN.md: a wrong scan changes nothing, the operator is told why).
 * Not enough stock: the quantity (the item for a serial); a rule of the target: the target; a
 * restricted, blocked or unknown location: the one the error names. null: no answer is known
 * (network, server error): stay and retry with the same Idempotency-Key.
 */
export function refusalRoute(
  error: unknown,
  context: { fromCode: string | null; serial: boolean },
): RefusalStep | null {
  if (!(error instanceof StepFailure) || error.status === 0 || error.status >= 500) return null;
  const key = error.key.startsWith('errors:') ? error.key.slice('errors:'.length) : error.key;
  if (key === 'notEnoughAvailableStock') return context.serial ? 'item' : 'quantity';
  if (itemKeys.has(key)) return 'item';
  if (locationKeys.has(key)) {
    const code = typeof error.args.code === 'string' ? error.args.code : null;
    return code !== null && context.fromCode !== null && sameCode(code, context.fromCode) ? 'from' : 'to';
  }
  if (key === 'nothingToMove') return 'from';
  return 'to';
}
