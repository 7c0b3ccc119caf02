import { codeKey, toThousandths } from '@wms/contract';
import type { Tx } from '../database.js';

const hour = 60 * 60 * 1000;

const workCenters = [
  { code: 'SAW-01', name: 'Band saw' },
  { code: 'CNC-01', name: 'CNC mill' },
  { code: 'ASM-01', name: 'Assembly line 1' },
  { code: 'PACK-01', name: 'Packing table' },
];

type DemoStep = [stepCode: string, stepNumber: number, description: string, workCenter: string | null];

const plans: { code: string; name: string; item: string; steps: DemoStep[] }[] = [
  {
    code: 'PLAN-BRACKET',
    name: 'Bracket, standard route',
    item: 'PROD-001',
    steps: [
      ['CUT', 10, 'Cut the blanks', 'SAW-01'],
      ['MILL', 20, 'Mill the holes', 'CNC-01'],
      ['ASSEMBLE', 30, 'Assemble', 'ASM-01'],
      ['INSPECT', 40, 'Final inspection', null],
    ],
  },
  {
    code: 'PLAN-BRACKET-RW',
    name: 'Bracket, rework',
    item: 'PROD-001',
    steps: [
      ['REWORK', 10, 'Rework', 'ASM-01'],
      ['INSPECT', 20, 'Inspection', null],
    ],
  },
  {
    code: 'PLAN-WASHER',
    name: 'Washer, cut and pack',
    item: 'ITEM-002',
    steps: [
      ['CUT', 10, 'Cut', 'SAW-01'],
      ['PACK', 20, 'Pack per 100', 'PACK-01'],
    ],
  },
];

/** Work orders; WO-3001 belongs to the demo production order document of that code. */
const workOrders: {
  code: string;
  item: string;
  status: string;
  planned: number;
  completed: number;
  document?: string;
  steps: DemoStep[];
}[] = [
  {
    code: 'WO-3001',
    item: 'PROD-001',
    status: 'RELEASED',
    planned: 25,
    completed: 0,
    document: 'WO-3001',
    steps: plans[0]!.steps,
  },
  {
    code: 'WO-3002',
    item: 'ITEM-002',
    status: 'RELEASED',
    planned: 500,
    completed: 0,
    steps: [...plans[2]!.steps, ['CLEAN', 30, 'Clean the machine', null]],
  },
  { code: 'WO-3003', item: 'PROD-001', status: 'RELEASED', planned: 10, completed: 0, steps: plans[1]!.steps },
  { code: 'WO-2990', item: 'ITEM-002', status: 'CLOSED', planned: 100, completed: 100, steps: plans[2]!.steps },
];

/** A few entries of the manager and the admin: one booked, the rest waiting to be flushed. */
const entries: {
  user: string;
  order: string;
  step: string;
  type: 'SETUP' | 'WORK';
  hoursAgo: number;
  minutes: number;
  produced?: number;
  scrap?: number;
  flushed?: boolean;
}[] = [
  {
    user: 'manager',
    order: 'WO-2990',
    step: 'CUT',
    type: 'WORK',
    hoursAgo: 72,
    minutes: 90,
    produced: 100,
    flushed: true,
  },
  { user: 'manager', order: 'WO-3001', step: 'CUT', type: 'SETUP', hoursAgo: 5, minutes: 20 },
  { user: 'manager', order: 'WO-3001', step: 'MILL', type: 'WORK', hoursAgo: 4, minutes: 75, produced: 5, scrap: 1 },
  { user: 'admin', order: 'WO-3002', step: 'CUT', type: 'WORK', hoursAgo: 3, minutes: 45, produced: 200.5 },
];

/** Work centers, plans, work orders and work time entries (after the master data and users). */
export async function seedDemoProduction(tx: Tx, at: string): Promise<void> {
  const now = Date.parse(at);
  const centerIds = new Map<string, number>();
  for (const center of workCenters) {
    const row = await tx
      .insertInto('work_center')
      .values({ code: center.code, code_lower: codeKey(center.code), visual_code: center.code, name: center.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    centerIds.set(center.code, row.id);
  }
  const centerId = (code: string | null) => (code === null ? null : (centerIds.get(code) ?? null));
  const itemId = async (code: string) =>
    (await tx.selectFrom('item').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirstOrThrow()).id;
  const warehouse = await tx
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', '01')
    .executeTakeFirstOrThrow();

  for (const plan of plans) {
    const row = await tx
      .insertInto('work_order_plan')
      .values({
        code: plan.code,
        code_lower: codeKey(plan.code),
        visual_code: plan.code,
        name: plan.name,
        item_id: await itemId(plan.item),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('work_order_plan_step')
      .values(
        plan.steps.map(([stepCode, stepNumber, description, center]) => ({
          plan_id: row.id,
          step_code: stepCode,
          step_number: stepNumber,
          description,
          planned_work_center_id: centerId(center),
        })),
      )
      .execute();
  }

  const orderIds = new Map<string, number>();
  const stepIds = new Map<string, number>();
  for (const order of workOrders) {
    const document = order.document
      ? await tx
          .selectFrom('document')
          .select('id')
          .where('type', '=', 'PRODUCTION_ORDER')
          .where('code_lower', '=', codeKey(order.document))
          .executeTakeFirst()
      : undefined;
    const row = await tx
      .insertInto('work_order')
      .values({
        code: order.code,
        code_lower: codeKey(order.code),
        visual_code: order.code,
        item_id: await itemId(order.item),
        warehouse_id: warehouse.id,
        status: order.status,
        planned_qty: toThousandths(order.planned),
        completed_qty: toThousandths(order.completed),
        document_id: document?.id ?? null,
        sales_order_id: null,
        work_order_plan_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderIds.set(order.code, row.id);
    for (const [stepCode, stepNumber, description, center] of order.steps) {
      const step = await tx
        .insertInto('work_order_step')
        .values({
          work_order_id: row.id,
          step_code: stepCode,
          step_code_lower: stepCode.toLowerCase(),
          step_number: stepNumber,
          description,
          planned_work_center_id: centerId(center),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stepIds.set(`${order.code}/${stepCode}`, step.id);
    }
  }

  const users = await tx.selectFrom('app_user').select(['id', 'username']).execute();
  for (const entry of entries) {
    const user = users.find((u) => u.username === entry.user);
    const orderId = orderIds.get(entry.order);
    const stepId = stepIds.get(`${entry.order}/${entry.step}`);
    if (!user || orderId === undefined || stepId === undefined)
      throw new Error(`demo data: bad work time ${entry.order}`);
    const order = workOrders.find((o) => o.code === entry.order)!;
    const center = order.steps.find(([code]) => code === entry.step)?.[3] ?? null;
    const start = now - entry.hoursAgo * hour;
    const work = entry.type === 'WORK';
    await tx
      .insertInto('work_time_entry')
      .values({
        work_order_id: orderId,
        work_order_step_id: stepId,
        work_center_id: centerId(center),
        work_time_type: entry.type,
        produced: work ? toThousandths(entry.produced ?? 0) : null,
        scrap: work ? toThousandths(entry.scrap ?? 0) : null,
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + entry.minutes * 60_000).toISOString(),
        license_plate: null,
        user_id: user.id,
        flushed: entry.flushed ? 1 : 0,
        flushed_at: entry.flushed ? new Date(start + entry.minutes * 60_000 + hour).toISOString() : null,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
