import { describe, expect, it } from 'vitest';
import type { UserTask } from '@wms/contract';
import {
  changedFields,
  formatMinutes,
  formFrom,
  fromLocalInput,
  hasRunningTimer,
  priorityOptions,
  requestFields,
  splitCommaList,
  toLocalInput,
  visibleTasks,
} from './task-form.js';

const task = (id: number, title: string, priority: number, createdAt: string): UserTask => ({
  id,
  title,
  priority,
  createdAt,
  updatedAt: createdAt,
  finishedAt: null,
  startAt: null,
  version: 1,
  claimedByUser: null,
  claimedByUsername: null,
  timesWorked: [],
  borderColor: null,
  text: '',
  tags: [],
  users: [1],
  usernames: ['a'],
  parameters: {},
  buttons: [],
});

describe('task forms and lists', () => {
  it('lists the priorities highest first: very high 40, high 30, low 20, normal 10, very low 0', () => {
    expect(priorityOptions.map((option) => [option.name, option.value])).toEqual([
      ['veryHigh', 40],
      ['high', 30],
      ['low', 20],
      ['normal', 10],
      ['veryLow', 0],
    ]);
  });

  it('reads comma-separated button params and tags', () => {
    expect(splitCommaList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList('')).toEqual([]);
    const fields = requestFields({
      ...formFrom(null),
      title: '  Task ',
      tags: 'x, y',
      buttons: [{ id: ' ok ', color: 'success', title: ' OK ', params: 'location, item' }],
    });
    expect(fields).toMatchObject({
      title: 'Task',
      tags: ['x', 'y'],
      buttons: [{ id: 'ok', color: 'success', title: 'OK', params: ['location', 'item'] }],
    });
  });

  it('filters titles case-sensitively on the trimmed text and sorts by priority, then age', () => {
    const tasks = [
      task(1, 'Count aisle A', 10, '2025-01-01T10:00:00Z'),
      task(2, 'count aisle B', 40, '2025-01-01T09:00:00Z'),
      task(3, 'Count dock', 40, '2025-01-01T08:00:00Z'),
      task(4, 'Replenish', 20, '2025-01-01T07:00:00Z'),
    ];
    expect(visibleTasks(tasks, '  Count ').map((t) => t.id)).toEqual([3, 1]);
    expect(visibleTasks(tasks, '').map((t) => t.id)).toEqual([3, 2, 4, 1]);
  });

  it('sees a running timer of the user only', () => {
    const running = { ...task(1, 'x', 10, '2025-01-01T10:00:00Z') };
    running.timesWorked = [
      { userId: 2, started: '2025-01-01T10:00:00Z', finished: null },
      { userId: 1, started: '2025-01-01T09:00:00Z', finished: '2025-01-01T09:30:00Z' },
    ];
    expect(hasRunningTimer(running, 1)).toBe(false);
    expect(hasRunningTimer(running, 2)).toBe(true);
  });
});

describe('edits and times', () => {
  it('re-applies only the fields the user changed', () => {
    const original = formFrom(task(1, 'Title', 10, '2025-01-01T10:00:00Z'));
    expect(changedFields(original, { ...original, title: 'New', priority: 40 })).toEqual({
      title: 'New',
      priority: 40,
    });
    expect(changedFields(original, { ...original, tags: ' ' })).toEqual({});
  });

  it('converts datetime-local values and formats minutes', () => {
    const iso = fromLocalInput('2025-03-01T08:05');
    expect(iso).toBe(new Date(2025, 2, 1, 8, 5).toISOString());
    expect(toLocalInput(iso)).toBe('2025-03-01T08:05');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(formatMinutes(125)).toBe('2:05');
    expect(formatMinutes(null)).toBe('');
  });
});
