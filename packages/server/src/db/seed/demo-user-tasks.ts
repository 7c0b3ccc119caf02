import { fillPlaceholders, userTaskPriorities, type UserTaskButton } from '@wms/contract';
import type { DbOrTx } from '../database.js';

/**
 * Demo user tasks: a template with parameters (one hidden, `_flow`) and buttons, a
 * simple template without any, and a few tasks so /my_user_tasks of operator and manager is not
 * empty on the first start: per-user tasks and one shared task for both. taskmanager (role
 * userTaskManager) created them.
 */
const replenishButtons: UserTaskButton[] = [
  { id: 'moved', color: 'success', title: 'Goods moved', params: ['location', 'item'] },
  { id: 'empty', color: 'warning', title: 'Source empty', params: ['location'] },
];

export const demoTaskTemplates = [
  {
    title: 'Replenish {location}',
    text: 'Bring {item} to {location}.\nScan the location label when done.',
    priority: userTaskPriorities.high,
    border_color: '#fd7e14',
    tags: ['replenishment'],
    parameters: { location: '01-A01-01', item: 'ITEM-001', _flow: 'replenishment-v1' },
    buttons: replenishButtons,
  },
  {
    title: 'Clean the dock',
    text: 'Sweep the loading dock and empty the bins.',
    priority: userTaskPriorities.normal,
    border_color: null,
    tags: [],
    parameters: {},
    buttons: [],
  },
] as const;

interface DemoTask {
  template: number | null;
  users: readonly string[];
  title: string;
  text: string;
  priority: number;
  borderColor: string | null;
  parameters: Record<string, string>;
  buttons: readonly UserTaskButton[];
}

const replenish = demoTaskTemplates[0];
const demoTasks: DemoTask[] = [
  {
    template: 0,
    users: ['operator'],
    title: replenish.title,
    text: replenish.text,
    priority: replenish.priority,
    borderColor: replenish.border_color,
    parameters: { ...replenish.parameters, location: '01-P01-01', item: 'ITEM-002' },
    buttons: replenish.buttons,
  },
  {
    template: null,
    users: ['operator'],
    title: 'Check the dock doors',
    text: 'Check that every dock door closes and report damage.',
    priority: userTaskPriorities.normal,
    borderColor: null,
    parameters: {},
    buttons: [],
  },
  {
    template: null,
    users: ['operator', 'manager'],
    title: 'Count the returns cage',
    text: 'Count what is in the returns cage.\nOne of you claims this task.',
    priority: userTaskPriorities.low,
    borderColor: '#0d6efd',
    parameters: {},
    buttons: [],
  },
  {
    template: null,
    users: ['manager'],
    title: 'Approve the overtime list',
    text: 'Approve the overtime of last week.',
    priority: userTaskPriorities.veryHigh,
    borderColor: '#dc3545',
    parameters: {},
    buttons: [],
  },
];

export async function seedDemoUserTasks(db: DbOrTx, at: string): Promise<void> {
  const users = await db.selectFrom('app_user').select(['id', 'username']).execute();
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const userIds = (names: readonly string[]) => names.flatMap((name) => idOf.get(name) ?? []);
  const templateIds: number[] = [];
  for (const template of demoTaskTemplates) {
    const row = await db
      .insertInto('user_task_template')
      .values({
        title: template.title,
        text: template.text,
        priority: template.priority,
        border_color: template.border_color,
        tags: JSON.stringify(template.tags),
        users: JSON.stringify(userIds(['operator'])),
        parameters: JSON.stringify(template.parameters),
        buttons: JSON.stringify(template.buttons),
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    templateIds.push(row.id);
  }
  for (const task of demoTasks) {
    const assigned = userIds(task.users);
    if (assigned.length === 0) continue;
    const row = await db
      .insertInto('user_task')
      .values({
        title: fillPlaceholders(task.title, task.parameters),
        text: fillPlaceholders(task.text, task.parameters),
        priority: task.priority,
        border_color: task.borderColor,
        tags: '[]',
        parameters: JSON.stringify(task.parameters),
        buttons: JSON.stringify(task.buttons),
        template_id: task.template === null ? null : (templateIds[task.template] ?? null),
        created_by_user_id: idOf.get('taskmanager') ?? null,
        claimed_by_user_id: null,
        start_at: null,
        finished_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_task_user')
      .values(assigned.map((userId, position) => ({ task_id: row.id, user_id: userId, position })))
      .execute();
  }
}
