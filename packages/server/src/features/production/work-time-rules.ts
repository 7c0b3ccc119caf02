import { fromThousandths, type ErrorKey } from '@wms/contract';

/** Why an entry cannot be booked: an error key with its arguments. */
export interface FlushRefusal {
  key: ErrorKey;
  args: Record<string, unknown>;
}

/** What the flush rules look at (quantities in thousandths). */
export interface FlushCandidate {
  endTime: string | null;
  workCenterId: number | null;
  workTimeType: string;
  produced: number | null;
  scrap: number | null;
  orderCode: string;
  orderStatus: string;
}

/**
 * The rules an entry must meet to be booked (flushed), in the order they are checked:
 * it is stopped, it has a work center, its work order is released (not planned, not closed),
 * and for WORK produced + scrap is not negative (a negative produced corrects an earlier
 * booking, but the pair may not take goods away). Null when it may be booked.
 */
export function flushRefusal(entry: FlushCandidate): FlushRefusal | null {
  if (entry.endTime === null) return { key: 'workTimeStillRunning', args: {} };
  if (entry.workCenterId === null) return { key: 'workCenterRequired', args: {} };
  if (entry.orderStatus !== 'RELEASED') {
    return { key: 'workOrderNotReleased', args: { workOrderCode: entry.orderCode, status: entry.orderStatus } };
  }
  if (entry.workTimeType === 'WORK' && (entry.produced ?? 0) + (entry.scrap ?? 0) < 0) {
    return {
      key: 'negativeWorkTimeQuantity',
      args: { produced: fromThousandths(entry.produced ?? 0), scrap: fromThousandths(entry.scrap ?? 0) },
    };
  }
  return null;
}

/** Why a save is refused (400 invalidInput with this reason), or null; quantities in thousandths. */
export function saveRefusal(input: {
  workTimeType: string;
  produced: number | null;
  scrap: number | null;
  startTime: string;
  endTime: string | null;
}): { reason: string; field: string } | null {
  if (input.workTimeType === 'SETUP' && ((input.produced ?? 0) !== 0 || (input.scrap ?? 0) !== 0)) {
    return { reason: 'quantitiesOnlyForWork', field: input.produced ? 'body.produced' : 'body.scrap' };
  }
  if (input.endTime !== null && Date.parse(input.endTime) < Date.parse(input.startTime)) {
    return { reason: 'endBeforeStart', field: 'body.endTime' };
  }
  return null;
}
