import { describe, expect, it } from 'vitest';
import type { WorkOrderStep } from '@wms/contract';
import { formatElapsed } from '../../components/time-measurements/elapsed.js';
import {
  entryMinutes,
  fromLocalInput,
  newWorkTimeForm,
  parseQuantity,
  toLocalInput,
  toSaveRequest,
  withStep,
} from './work-time-form.js';

const steps: WorkOrderStep[] = [
  { stepCode: 'CUT', stepNumber: 10, description: 'Cut', plannedWorkCenterCode: 'SAW-01' },
  { stepCode: 'MILL', stepNumber: 20, description: 'Mill', plannedWorkCenterCode: 'CNC-01' },
  { stepCode: 'INSPECT', stepNumber: 40, description: null, plannedWorkCenterCode: null },
];

describe('the work time form', () => {
  it('round-trips moments through datetime-local values in local time', () => {
    const iso = '2025-03-04T05:06:07.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it("sets the work center to the picked step's planned one unless the user chose another", () => {
    const form = { ...newWorkTimeForm(), workOrderCode: 'WO-1' };
    const cut = withStep(form, steps[0], steps);
    expect(cut).toMatchObject({ workOrderStep: 'CUT', workCenter: 'SAW-01' });
    expect(withStep(cut, steps[1], steps).workCenter).toBe('CNC-01');
    expect(withStep(cut, steps[2], steps).workCenter).toBe('');
    const chosen = { ...cut, workCenter: 'ASM-01' };
    expect(withStep(chosen, steps[1], steps).workCenter).toBe('ASM-01');
  });

  it('parses quantities with a point or a comma; text is invalid', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity(' 2,5 ')).toBe(2.5);
    expect(parseQuantity('-1')).toBe(-1);
    expect(parseQuantity('abc')).toBeUndefined();
    expect(parseQuantity('-')).toBeUndefined();
  });

  it('builds the save request: produced and scrap for WORK only, no end means running', () => {
    const base = {
      ...newWorkTimeForm(new Date('2025-01-01T08:00:00Z')),
      workOrderCode: ' WO-1 ',
      workOrderStep: 'CUT',
    };
    const work = toSaveRequest({ ...base, produced: '3', scrap: '0,5', licensePlate: ' ' });
    expect(work).toMatchObject({
      workOrderCode: 'WO-1',
      workCenter: null,
      produced: 3,
      scrap: 0.5,
      startTime: '2025-01-01T08:00:00.000Z',
      endTime: null,
      licensePlate: null,
    });
    expect(toSaveRequest({ ...base, workTimeType: 'SETUP', produced: '3' })).toMatchObject({
      produced: null,
      scrap: null,
    });
    expect(toSaveRequest({ ...base, produced: 'x' })).toEqual({ invalid: 'produced' });
    expect(toSaveRequest({ ...base, workOrderStep: '' })).toEqual({ invalid: 'workOrderStep' });
    expect(toSaveRequest({ ...base, end: toLocalInput('2025-01-01T07:00:00Z') })).toEqual({ invalid: 'end' });
    expect(toSaveRequest({ ...base, id: 4, version: 2 })).toMatchObject({ id: 4, version: 2 });
  });

  it('shows elapsed time as H:MM:SS and minutes of an entry', () => {
    const start = '2025-01-01T08:00:00Z';
    expect(formatElapsed(start, Date.parse('2025-01-01T09:02:03Z'))).toBe('1:02:03');
    expect(formatElapsed(start, Date.parse('2025-01-01T07:00:00Z'))).toBe('0:00:00');
    expect(entryMinutes({ startTime: start, endTime: '2025-01-01T08:30:20Z' }, 0)).toBe(30);
    expect(entryMinutes({ startTime: start, endTime: null }, Date.parse('2025-01-01T08:10:00Z'))).toBe(10);
  });
});
