import { z } from 'zod';
import type { CounterPath } from '../live.js';
import { isoDateTime, okSchema } from './common.js';
import { defineEndpoints, rolesAccess, signedInAccess } from './endpoint.js';

/**
 * User tasks, task templates and worked time under /api/v1/user_tasks/.
 *
 * Task managers (role userTaskManager):
 * - GET    templates                  templates.get (list)        GET templates/{id}  one template
 * - POST   templates                  templates.save: id -1 creates, else updates with the version read (412 when stale)
 * - DELETE templates/{id}
 * - POST   create                     tasks from a template or 'simple': one per user, or one shared task
 * - GET    all?activeOnly=            getAllTasks: the overview table
 * - POST   {id}                       saveUserTask: the task's editable fields with the version read (412 when stale)
 * - DELETE {id}                       deleteUserTask
 * Every signed-in user (the checks are per task: assigned users, or a task manager):
 * - GET    current?activeOnly=        getCurrentTasks: own tasks, not claimed by someone else
 * - GET    {id}                       getTask
 * - POST   {id}/claim                 claimSharedTask (409 claimedByOtherUser when someone was first)
 * - POST   {id}/finish                markFinished
 * - POST   {id}/buttons/{buttonId}    buttonPressed {params}
 * - GET    {id}/worked_times          the task's worked time entries
 * - POST   {id}/worked_times          a manual entry {message, started, finished|null}
 * - POST   {id}/worked_times/start    starts the caller's timer (one running entry per user)
 * - POST   {id}/worked_times/finish   {message}: closes the caller's running entry of the task
 * - POST   {id}/worked_times/{entryId}  edits an entry {message, started, finished|null, version}
 * - DELETE {id}/worked_times/{entryId}
 * users.getSimpleUsers is GET /api/v1/admin/simple_users (users.ts).
 * Live: NEW_USER_TASK, USER_TASKS_CLAIMED_BY, USER_TASKS_COMPLETED_ONE on topics.userTasks();
 * the /my_user_tasks counter is the number of active tasks the user sees.
 */

/** The priorities (normal is 10, below low). */
export const userTaskPriorities = { veryLow: 0, low: 20, normal: 10, high: 30, veryHigh: 40 } as const;
export type UserTaskPriorityName = keyof typeof userTaskPriorities;
export const userTaskPriorityValues = [0, 10, 20, 30, 40] as const;
export type UserTaskPriority = (typeof userTaskPriorityValues)[number];
/** The id of a new, unsaved template. */
export const newTemplateId = -1;
/** Parameters whose name starts with this are hidden in the creation dialog. */
export const hiddenParameterPrefix = '_';
export const userTaskCounterPath: CounterPath = '/my_user_tasks';

export const userTaskPrioritySchema = z
  .number()
  .int()
  .refine((value) => (userTaskPriorityValues as readonly number[]).includes(value), 'one of 0, 10, 20, 30, 40');
/** A priority as the schema reads it (a number; the check allows the UserTaskPriority values only). */
export type UserTaskPriorityInput = z.input<typeof userTaskPrioritySchema>;

/** Bootstrap variants a task button may have. */
export const userTaskButtonColors = [
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
] as const;
export type UserTaskButtonColor = (typeof userTaskButtonColors)[number];

/** A border color: #rgb or #rrggbb, or null for none. */
export const borderColorSchema = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a color #rgb or #rrggbb')
  .nullable();
export type BorderColor = z.infer<typeof borderColorSchema>;

export const userTaskButtonSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . -'),
  color: z.enum(userTaskButtonColors),
  title: z.string().trim().min(1).max(100),
  /** Entered comma-separated. */
  params: z.array(z.string().trim().max(200)).max(20),
});
export type UserTaskButton = z.infer<typeof userTaskButtonSchema>;

const parameterNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, 'a name of letters, digits and _ (not starting with a digit)');
export const userTaskParametersSchema = z
  .record(parameterNameSchema, z.string().max(1000))
  .refine((map) => Object.keys(map).length <= 50, 'at most 50 parameters');
export type UserTaskParameters = z.infer<typeof userTaskParametersSchema>;

const tagsSchema = z.array(z.string().trim().min(1).max(50)).max(20);
const userIdsSchema = z.array(z.number().int().positive()).max(500);
const buttonsSchema = z
  .array(userTaskButtonSchema)
  .max(20)
  .refine((buttons) => new Set(buttons.map((b) => b.id)).size === buttons.length, 'button ids must be unique');
const titleSchema = z.string().trim().min(1).max(200);
const textSchema = z.string().max(10_000);

/** A simple user (users.getSimpleUsers). */
export const userTaskUserSchema = z.object({ userid: z.number().int(), username: z.string() });
export type UserTaskUser = z.infer<typeof userTaskUserSchema>;

/** One worked time entry as a task carries it (timesWorked). */
export const userTaskTimeWorkedSchema = z.object({
  userId: z.number().int(),
  started: isoDateTime,
  finished: isoDateTime.nullable(),
});
export type UserTaskTimeWorked = z.infer<typeof userTaskTimeWorkedSchema>;

export const userTaskSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  startAt: isoDateTime.nullable(),
  version: z.number().int(),
  claimedByUser: z.number().int().nullable(),
  claimedByUsername: z.string().nullable(),
  timesWorked: z.array(userTaskTimeWorkedSchema),
  priority: z.number().int(),
  borderColor: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  /** The assigned user ids; more than one makes the task shared. */
  users: z.array(z.number().int()),
  /** The assigned users' names, in the order of users. */
  usernames: z.array(z.string()),
  parameters: z.record(z.string(), z.string()),
  buttons: z.array(userTaskButtonSchema),
});
export type UserTask = z.infer<typeof userTaskSchema>;
export const userTaskListAnswerSchema = z.array(userTaskSchema);
export type UserTaskListAnswer = z.infer<typeof userTaskListAnswerSchema>;

/** A row of the task overview table (getAllTasks). */
export const userTaskOverviewRowSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  users: z.array(z.string()),
  title: z.string(),
  priority: z.number().int(),
  claimedByUsername: z.string().nullable(),
  /** Minutes of the finished worked time entries. */
  minutesWorked: z.number().int(),
});
export type UserTaskOverviewRow = z.infer<typeof userTaskOverviewRowSchema>;
export const userTaskOverviewAnswerSchema = z.array(userTaskOverviewRowSchema);
export type UserTaskOverviewAnswer = z.infer<typeof userTaskOverviewAnswerSchema>;

export const activeOnlyQuerySchema = z.object({
  activeOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type ActiveOnlyQuery = z.input<typeof activeOnlyQuerySchema>;

export const userTaskTemplateSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
  priority: z.number().int(),
  borderColor: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  users: z.array(z.number().int()),
  parameters: z.record(z.string(), z.string()),
  buttons: z.array(userTaskButtonSchema),
});
export type UserTaskTemplate = z.infer<typeof userTaskTemplateSchema>;
export const userTaskTemplateListAnswerSchema = z.array(userTaskTemplateSchema);
export type UserTaskTemplateListAnswer = z.infer<typeof userTaskTemplateListAnswerSchema>;

/** POST templates: id -1 creates (version ignored); another id updates where the version is still the one given. */
export const saveUserTaskTemplateRequestSchema = z.object({
  id: z
    .number()
    .int()
    .refine((id) => id === newTemplateId || id > 0, 'a template id or -1'),
  version: z.number().int().nonnegative().default(0),
  priority: userTaskPrioritySchema.default(userTaskPriorities.normal),
  borderColor: borderColorSchema.default(null),
  title: titleSchema,
  text: textSchema.default(''),
  tags: tagsSchema.default([]),
  users: userIdsSchema.default([]),
  parameters: userTaskParametersSchema.default({}),
  buttons: buttonsSchema.default([]),
});
export type SaveUserTaskTemplateRequest = z.input<typeof saveUserTaskTemplateRequestSchema>;

export const userTaskCreateModes = ['perUser', 'shared'] as const;
export type UserTaskCreateMode = (typeof userTaskCreateModes)[number];

/**
 * POST create. With templateId the template's values fill what the request leaves out and its
 * parameters lie under the request's (so hidden `_` parameters keep their template values);
 * without one ('simple') the title is required. {name} in title and text is replaced by the
 * parameter's value. perUser makes one task per user, shared one task holding all users.
 */
export const createUserTasksRequestSchema = z.object({
  templateId: z.number().int().positive().nullable().default(null),
  mode: z.enum(userTaskCreateModes),
  users: userIdsSchema.optional(),
  priority: userTaskPrioritySchema.optional(),
  borderColor: borderColorSchema.optional(),
  title: titleSchema.optional(),
  text: textSchema.optional(),
  tags: tagsSchema.optional(),
  parameters: userTaskParametersSchema.optional(),
  buttons: buttonsSchema.optional(),
  startAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateUserTasksRequest = z.input<typeof createUserTasksRequestSchema>;

/** POST {id} (saveUserTask): the editable fields with the version read. */
export const saveUserTaskRequestSchema = z.object({
  version: z.number().int().positive(),
  priority: userTaskPrioritySchema,
  borderColor: borderColorSchema,
  title: titleSchema,
  text: textSchema,
  tags: tagsSchema,
  users: userIdsSchema.min(1),
  parameters: userTaskParametersSchema,
  buttons: buttonsSchema,
  startAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SaveUserTaskRequest = z.input<typeof saveUserTaskRequestSchema>;

export const userTaskIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export type UserTaskIdParam = z.infer<typeof userTaskIdParamSchema>;
export const userTaskButtonParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  buttonId: z.string().min(1).max(50),
});
export type UserTaskButtonParam = z.infer<typeof userTaskButtonParamSchema>;
export const buttonPressedRequestSchema = z.object({
  params: z.array(z.string().max(200)).max(20).default([]),
});
export type ButtonPressedRequest = z.input<typeof buttonPressedRequestSchema>;
export const buttonPressedAnswerSchema = z.object({
  taskId: z.number().int(),
  buttonId: z.string(),
  pressedAt: isoDateTime,
});
export type ButtonPressedAnswer = z.infer<typeof buttonPressedAnswerSchema>;

/** A worked time entry of a task. minutes is null while it runs. */
export const workedTimeEntrySchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  version: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  message: z.string(),
  started: isoDateTime,
  finished: isoDateTime.nullable(),
  minutes: z.number().int().nullable(),
});
export type WorkedTimeEntry = z.infer<typeof workedTimeEntrySchema>;
export const workedTimeListAnswerSchema = z.array(workedTimeEntrySchema);
export type WorkedTimeListAnswer = z.infer<typeof workedTimeListAnswerSchema>;

const messageSchema = z.string().trim().max(2000);
const instantSchema = z.iso.datetime({ offset: true });

/** A manual entry (New in the worked-times dialog); finished null makes it the caller's running entry. */
export const createWorkedTimeRequestSchema = z.object({
  message: messageSchema.default(''),
  started: instantSchema,
  finished: instantSchema.nullable().default(null),
});
export type CreateWorkedTimeRequest = z.input<typeof createWorkedTimeRequestSchema>;

export const finishWorkedTimeRequestSchema = z.object({ message: messageSchema.default('') });
export type FinishWorkedTimeRequest = z.input<typeof finishWorkedTimeRequestSchema>;

/** Edits an entry; finished may be cleared (null), which makes it running again. */
export const updateWorkedTimeRequestSchema = z.object({
  version: z.number().int().positive(),
  message: messageSchema,
  started: instantSchema,
  finished: instantSchema.nullable(),
});
export type UpdateWorkedTimeRequest = z.input<typeof updateWorkedTimeRequestSchema>;

export const workedTimeParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  entryId: z.coerce.number().int().positive(),
});
export type WorkedTimeParam = z.infer<typeof workedTimeParamSchema>;

const taskManager = rolesAccess('userTaskManager');

/**
 * The user task, task template and worked time endpoints (see the list at the top). Task
 * managers only where it says so; the rest is open to signed-in users and checked per task.
 */
export const userTaskEndpoints = defineEndpoints('userTasks', {
  templates: {
    method: 'GET',
    path: '/api/v1/user_tasks/templates',
    access: taskManager,
    answer: userTaskTemplateListAnswerSchema,
  },
  template: {
    method: 'GET',
    path: '/api/v1/user_tasks/templates/:id',
    access: taskManager,
    params: userTaskIdParamSchema,
    answer: userTaskTemplateSchema,
  },
  saveTemplate: {
    method: 'POST',
    path: '/api/v1/user_tasks/templates',
    access: taskManager,
    body: saveUserTaskTemplateRequestSchema,
    answer: userTaskTemplateSchema,
  },
  deleteTemplate: {
    method: 'DELETE',
    path: '/api/v1/user_tasks/templates/:id',
    access: taskManager,
    params: userTaskIdParamSchema,
    answer: okSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/user_tasks/create',
    access: taskManager,
    body: createUserTasksRequestSchema,
    answer: userTaskListAnswerSchema,
    status: 201,
  },
  current: {
    method: 'GET',
    path: '/api/v1/user_tasks/current',
    access: signedInAccess,
    query: activeOnlyQuerySchema,
    answer: userTaskListAnswerSchema,
  },
  overview: {
    method: 'GET',
    path: '/api/v1/user_tasks/all',
    access: taskManager,
    query: activeOnlyQuerySchema,
    answer: userTaskOverviewAnswerSchema,
  },
  task: {
    method: 'GET',
    path: '/api/v1/user_tasks/:id',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    answer: userTaskSchema,
  },
  save: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id',
    access: taskManager,
    params: userTaskIdParamSchema,
    body: saveUserTaskRequestSchema,
    answer: userTaskSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/user_tasks/:id',
    access: taskManager,
    params: userTaskIdParamSchema,
    answer: okSchema,
  },
  claim: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/claim',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    answer: userTaskSchema,
  },
  finish: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/finish',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    answer: userTaskSchema,
  },
  pressButton: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/buttons/:buttonId',
    access: signedInAccess,
    params: userTaskButtonParamSchema,
    body: buttonPressedRequestSchema,
    answer: buttonPressedAnswerSchema,
  },
  workedTimes: {
    method: 'GET',
    path: '/api/v1/user_tasks/:id/worked_times',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    answer: workedTimeListAnswerSchema,
  },
  createWorkedTime: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/worked_times',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    body: createWorkedTimeRequestSchema,
    answer: workedTimeEntrySchema,
  },
  startWorkedTime: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/worked_times/start',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    answer: workedTimeEntrySchema,
  },
  finishWorkedTime: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/worked_times/finish',
    access: signedInAccess,
    params: userTaskIdParamSchema,
    body: finishWorkedTimeRequestSchema,
    answer: workedTimeEntrySchema,
  },
  updateWorkedTime: {
    method: 'POST',
    path: '/api/v1/user_tasks/:id/worked_times/:entryId',
    access: signedInAccess,
    params: workedTimeParamSchema,
    body: updateWorkedTimeRequestSchema,
    answer: workedTimeEntrySchema,
  },
  deleteWorkedTime: {
    method: 'DELETE',
    path: '/api/v1/user_tasks/:id/worked_times/:entryId',
    access: signedInAccess,
    params: workedTimeParamSchema,
    answer: okSchema,
  },
});

/** {name} placeholders replaced by the parameter's value; unknown names are left as they are. */
export function fillPlaceholders(text: string, parameters: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(parameters, name) ? (parameters[name] ?? '') : whole,
  );
}

/** The parameters shown in the creation dialog: those not starting with an underscore. */
export function visibleParameterNames(parameters: Readonly<Record<string, string>>): string[] {
  return Object.keys(parameters).filter((name) => !name.startsWith(hiddenParameterPrefix));
}

/** Task title filter: a case-sensitive substring of the trimmed text. */
export function matchesTitleFilter(title: string, filter: string): boolean {
  return title.includes(filter.trim());
}

/** Whole minutes between two instants (never negative). */
export function minutesBetween(started: string, finished: string): number {
  return Math.max(0, Math.floor((Date.parse(finished) - Date.parse(started)) / 60_000));
}
