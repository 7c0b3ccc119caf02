import type { WorkOrderStep, WorkTimeEntry, WorkTimeSaveRequest, WorkTimeType } from '@wms/contract';

/** The edit dialog's fields as typed (moments as datetime-local values in local time). */
export interface WorkTimeForm {
  id?: number;
  version?: number;
  workOrderCode: string;
  workOrderStep: string;
  workCenter: string;
  workTimeType: WorkTimeType;
  produced: string;
  scrap: string;
  start: string;
  end: string;
  licensePlate: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as a datetime-local value (local time, seconds); '' for null or no date. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A datetime-local value (local time) as an ISO moment in UTC; null when empty or no date. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function newWorkTimeForm(now: Date = new Date()): WorkTimeForm {
  return {
    workOrderCode: '',
    workOrderStep: '',
    workCenter: '',
    workTimeType: 'WORK',
    produced: '',
    scrap: '',
    start: toLocalInput(now.toISOString()),
    end: '',
    licensePlate: '',
  };
}

export function workTimeFormOf(entry: WorkTimeEntry): WorkTimeForm {
  const quantity = (value: number | null) => (value === null ? '' : String(value));
  return {
    id: entry.id,
    version: entry.version,
    workOrderCode: entry.workOrderCode,
    workOrderStep: entry.workOrderStep,
    workCenter: entry.workCenter ?? '',
    workTimeType: entry.workTimeType,
    produced: quantity(entry.produced),
    scrap: quantity(entry.scrap),
    start: toLocalInput(entry.startTime),
    end: toLocalInput(entry.endTime),
    licensePlate: entry.licensePlate ?? '',
  };
}

/**
 * Picking a step: the work center becomes the step's planned one, unless
 * the user chose another center than the one the previous step planned.
 */
export function withStep(form: WorkTimeForm, step: WorkOrderStep | undefined, steps: readonly WorkOrderStep[]) {
  const previous = steps.find((candidate) => candidate.stepCode === form.workOrderStep);
  const chosenByUser = form.workCenter !== '' && form.workCenter !== (previous?.plannedWorkCenterCode ?? '');
  return {
    ...form,
    workOrderStep: step?.stepCode ?? '',
    workCenter: chosenByUser ? form.workCenter : (step?.plannedWorkCenterCode ?? ''),
  };
}

/** A typed quantity: empty is null, a number (comma or point) is its value, anything else undefined. */
export function parseQuantity(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d*(\.\d*)?$/.test(trimmed) || trimmed === '-' || trimmed === '.') return undefined;
  return Number(trimmed);
}

/**
 * The save request of the form, or the name of the first field that is not valid. produced and
 * scrap are sent for WORK only.
 */
export function toSaveRequest(form: WorkTimeForm): WorkTimeSaveRequest | { invalid: keyof WorkTimeForm } {
  if (!form.workOrderCode.trim()) return { invalid: 'workOrderCode' };
  if (!form.workOrderStep) return { invalid: 'workOrderStep' };
  const startTime = fromLocalInput(form.start);
  if (!startTime) return { invalid: 'start' };
  const endTime = fromLocalInput(form.end);
  if (form.end.trim() && !endTime) return { invalid: 'end' };
  if (endTime && endTime < startTime) return { invalid: 'end' };
  const work = form.workTimeType === 'WORK';
  const produced = work ? parseQuantity(form.produced) : null;
  const scrap = work ? parseQuantity(form.scrap) : null;
  if (produced === undefined) return { invalid: 'produced' };
  if (scrap === undefined) return { invalid: 'scrap' };
  return {
    ...(form.id === undefined ? {} : { id: form.id, version: form.version }),
    workOrderCode: form.workOrderCode.trim(),
    workOrderStep: form.workOrderStep,
    workCenter: form.workCenter || null,
    workTimeType: form.workTimeType,
    produced,
    scrap,
    startTime,
    endTime,
    licensePlate: form.licensePlate.trim() || null,
  };
}

/** Whole minutes of an entry (running ones up to now). */
export function entryMinutes(entry: Pick<WorkTimeEntry, 'startTime' | 'endTime'>, nowMs: number): number {
  const end = entry.endTime ? Date.parse(entry.endTime) : nowMs;
  return Math.max(0, Math.round((end - Date.parse(entry.startTime)) / 60_000));
}
