import {
  matchesTitleFilter,
  userTaskPriorities,
  type UserTask,
  type UserTaskButton,
  type UserTaskButtonColor,
  type UserTaskTemplate,
} from '@wms/contract';

/** A task button as the form edits it: params as typed, comma-separated. */
export interface ButtonDraft {
  id: string;
  color: UserTaskButtonColor;
  title: string;
  params: string;
}

/** The fields a task and a template share, as the forms edit them. */
export interface TaskFormValues {
  title: string;
  text: string;
  priority: number;
  borderColor: string | null;
  users: number[];
  tags: string;
  parameters: Record<string, string>;
  buttons: ButtonDraft[];
}

/** The priorities, highest first, with their translation keys (userTasks:priority.<name>). */
export const priorityOptions = (Object.entries(userTaskPriorities) as [keyof typeof userTaskPriorities, number][])
  .map(([name, value]) => ({ name, value }))
  .sort((a, b) => b.value - a.value);

export function priorityName(value: number): string {
  return priorityOptions.find((option) => option.value === value)?.name ?? 'normal';
}

/** Comma-separated text as a list: trimmed, empty parts left out. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function toButtons(drafts: readonly ButtonDraft[]): UserTaskButton[] {
  return drafts.map((draft) => ({
    id: draft.id.trim(),
    color: draft.color,
    title: draft.title.trim(),
    params: splitCommaList(draft.params),
  }));
}

export function toDrafts(buttons: readonly UserTaskButton[]): ButtonDraft[] {
  return buttons.map((button) => ({ ...button, params: button.params.join(', ') }));
}

export const emptyTaskForm: TaskFormValues = {
  title: '',
  text: '',
  priority: userTaskPriorities.normal,
  borderColor: null,
  users: [],
  tags: '',
  parameters: {},
  buttons: [],
};

/** The form filled from a template, a task, or blank (no template: 'simple'). */
export function formFrom(source: UserTaskTemplate | UserTask | null): TaskFormValues {
  if (!source) return emptyTaskForm;
  return {
    title: source.title,
    text: source.text,
    priority: source.priority,
    borderColor: source.borderColor,
    users: [...source.users],
    tags: source.tags.join(', '),
    parameters: { ...source.parameters },
    buttons: toDrafts(source.buttons),
  };
}

/** The request fields of the form's values. */
export function requestFields(values: TaskFormValues) {
  return {
    title: values.title.trim(),
    text: values.text,
    priority: values.priority,
    borderColor: values.borderColor,
    users: values.users,
    tags: splitCommaList(values.tags),
    parameters: values.parameters,
    buttons: toButtons(values.buttons),
  };
}

/** The cards shown: the title filter (case-sensitive, trimmed), priority descending, oldest first. */
export function visibleTasks(tasks: readonly UserTask[], filter: string): UserTask[] {
  return tasks
    .filter((task) => matchesTitleFilter(task.title, filter))
    .sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** Whether the user has a running timer on the task (the card's timer icon). */
export function hasRunningTimer(task: UserTask, userId: number): boolean {
  return task.timesWorked.some((entry) => entry.userId === userId && entry.finished === null);
}

/** The request fields that differ between the form as loaded and as edited (what saveUserTask re-applies). */
export function changedFields(
  original: TaskFormValues,
  edited: TaskFormValues,
): Partial<ReturnType<typeof requestFields>> {
  const before = requestFields(original);
  const after = requestFields(edited);
  const changes: Partial<ReturnType<typeof requestFields>> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input shows it (local time, minutes); '' for null. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Minutes as h:mm (the overview's time column). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '';
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}
