import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemOpenDocumentsAnswerSchema, workOrderPlansAnswerSchema, workOrdersAnswerSchema } from '@wms/contract';
import { makeItem } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';

const base = '/api/v1/production';
let keyCounter = 0;
const newKey = () => ({ 'Idempotency-Key': `create-order-${Date.now()}-${keyCounter++}` });

describe('work orders, resources and production order creation under /api/v1/production', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  let worker: HttpClient;
  let planner: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signIn(t, 'admin');
    [manager, operator, worker, planner] = await Promise.all([
      signIn(t, 'manager'),
      signIn(t, 'operator'),
      signedInUserWithRoles(admin, 'worker', ['production']),
      signedInUserWithRoles(admin, 'planner', ['itemAuthCreateProductionOrder', 'information']),
    ]);
  });
  afterAll(async () => t.close());

  const counts = async () => ({
    documents: (await t.app.ctx.db.selectFrom('document').select('id').execute()).length,
    workOrders: (await t.app.ctx.db.selectFrom('work_order').select('id').execute()).length,
  });
  const order = {
    warehouseCode: '01',
    itemCode: 'PROD-001',
    workOrderPlanCode: 'PLAN-BRACKET',
    targetQuantity: 12.5,
    releaseAfterCreate: false,
  };

  /**
   * A production item of its own with copies of the demo item's two plans (standard route and
   * rework), so the orders a test creates never show up in the demo work order lookups.
   */
  const itemWithPlans = async () => {
    const db = t.app.ctx.db;
    const item = await makeItem(db, { isProductionItem: true });
    const centers = new Map(
      (await db.selectFrom('work_center').select(['id', 'code']).execute()).map((c) => [c.code, c.id]),
    );
    const steps: Record<string, [string, number, string, string | null][]> = {
      [`${item.code}-PLAN`]: [
        ['CUT', 10, 'Cut the blanks', 'SAW-01'],
        ['MILL', 20, 'Mill the holes', 'CNC-01'],
        ['ASSEMBLE', 30, 'Assemble', 'ASM-01'],
        ['INSPECT', 40, 'Final inspection', null],
      ],
      [`${item.code}-RW`]: [
        ['REWORK', 10, 'Rework', 'ASM-01'],
        ['INSPECT', 20, 'Inspection', null],
      ],
    };
    for (const [code, planSteps] of Object.entries(steps)) {
      const plan = await db
        .insertInto('work_order_plan')
        .values({ code, code_lower: code.toLowerCase(), visual_code: code, name: code, item_id: item.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('work_order_plan_step')
        .values(
          planSteps.map(([stepCode, stepNumber, description, center]) => ({
            plan_id: plan.id,
            step_code: stepCode,
            step_number: stepNumber,
            description,
            planned_work_center_id: center === null ? null : (centers.get(center) ?? null),
          })),
        )
        .execute();
    }
    return { item, plan: `${item.code}-PLAN`, rework: `${item.code}-RW` };
  };

  it('answers 401 without a session and 403 without the role', async () => {
    const anonymous = t.client();
    const calls: [string, string, HttpClient[]][] = [
      ['GET', `${base}/resources`, [operator, planner]],
      ['GET', `${base}/work_orders/autocomplete/wo`, [operator, planner]],
      ['POST', `${base}/work_orders/steps`, [operator, planner]],
      ['GET', `${base}/work_order_plans/PROD-001`, [operator, worker]],
      ['POST', `${base}/orders`, [operator, worker]],
    ];
    const before = await counts();
    for (const [method, url, forbidden] of calls) {
      const body = method === 'POST' ? order : undefined;
      expect((await anonymous.request(method, url, body, newKey())).status, url).toBe(401);
      for (const client of forbidden) expect((await client.request(method, url, body, newKey())).status, url).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('lists the active work centers (getResources)', async () => {
    expect((await worker.get(`${base}/resources`)).json).toEqual([
      { code: 'ASM-01', visualCode: 'ASM-01', name: 'Assembly line 1' },
      { code: 'CNC-01', visualCode: 'CNC-01', name: 'CNC mill' },
      { code: 'PACK-01', visualCode: 'PACK-01', name: 'Packing table' },
      { code: 'SAW-01', visualCode: 'SAW-01', name: 'Band saw' },
    ]);
  });

  it('finds work orders that are not closed by code or produced item, case-insensitive', async () => {
    const byCode = workOrdersAnswerSchema.parse((await worker.get(`${base}/work_orders/autocomplete/wo-3`)).json);
    expect(byCode.map((o) => o.code)).toEqual(['WO-3001', 'WO-3002', 'WO-3003']);
    expect(byCode[0]).toMatchObject({
      status: 'RELEASED',
      producedItem: { code: 'PROD-001', name: 'Bracket kit, assembled' },
      warehouseCode: '01',
      plannedQuantity: 25,
    });
    const byItem = (await worker.get(`${base}/work_orders/autocomplete/prod-001`)).json;
    expect(byItem.map((o: { code: string }) => o.code)).toEqual(['WO-3001', 'WO-3003']);
    expect((await worker.get(`${base}/work_orders/autocomplete/2990`)).json).toEqual([]);
    expect((await worker.get(`${base}/work_orders/autocomplete/%25`)).json).toEqual([]);
  });

  it('answers the steps of several work orders as a map (getWorkOrderStepsForMultipleAsMap)', async () => {
    const answer = await worker.post(`${base}/work_orders/steps`, { codes: ['wo-3001', 'WO-3002', 'NOPE'] });
    expect(Object.keys(answer.json).sort()).toEqual(['WO-3001', 'WO-3002']);
    expect(answer.json['WO-3001'].map((s: { stepCode: string }) => s.stepCode)).toEqual([
      'CUT',
      'MILL',
      'ASSEMBLE',
      'INSPECT',
    ]);
    expect(answer.json['WO-3001'][3]).toEqual({
      stepCode: 'INSPECT',
      stepNumber: 40,
      description: 'Final inspection',
      plannedWorkCenterCode: null,
    });
    expect((await worker.post(`${base}/work_orders/steps`, { codes: [] })).status).toBe(400);
  });

  it('lists the plans of an item with their steps', async () => {
    const plans = workOrderPlansAnswerSchema.parse((await planner.get(`${base}/work_order_plans/prod-001`)).json);
    expect(plans.map((p) => [p.code, p.steps.length])).toEqual([
      ['PLAN-BRACKET', 4],
      ['PLAN-BRACKET-RW', 2],
    ]);
    expect((await planner.get(`${base}/work_order_plans/ITEM-001`)).json).toEqual([]);
    expect(errorOf(await planner.get(`${base}/work_order_plans/NOPE`))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
  });

  it('creates a production order with its work order; a retry with the same key makes one order', async () => {
    const { item, plan, rework } = await itemWithPlans();
    const ownOrder = { ...order, itemCode: item.code, workOrderPlanCode: plan };
    const before = await counts();
    const key = newKey();
    const created = await planner.post(`${base}/orders`, ownOrder, key);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      code: expect.stringMatching(/^PRD-\d{6}$/),
      status: 'PLANNED',
      itemCode: item.code,
      warehouseCode: '01',
      workOrderPlanCode: plan,
      targetQuantity: 12.5,
      salesOrderCode: null,
    });
    expect(created.json.steps).toHaveLength(4);
    const retry = await planner.post(`${base}/orders`, ownOrder, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.code).toBe(created.json.code);
    expect(await counts()).toEqual({ documents: before.documents + 1, workOrders: before.workOrders + 1 });

    const documents = itemOpenDocumentsAnswerSchema.parse(
      (await manager.get(`/api/v1/item/${item.code}/open_documents`)).json,
    );
    expect(documents.find((d) => d.code === created.json.code)).toMatchObject({
      type: 'PRODUCTION_ORDER',
      status: 'PLANNED',
      direction: 'IN',
      quantity: 12.5,
      openQuantity: 12.5,
      warehouseCode: '01',
    });
    const steps = await worker.post(`${base}/work_orders/steps`, { codes: [created.json.code] });
    expect(steps.json[created.json.code].map((s: { stepCode: string }) => s.stepCode)).toEqual([
      'CUT',
      'MILL',
      'ASSEMBLE',
      'INSPECT',
    ]);

    const released = await manager.post(
      `${base}/orders`,
      { ...ownOrder, workOrderPlanCode: rework.toLowerCase(), salesOrderCode: 'so-2001', releaseAfterCreate: true },
      newKey(),
    );
    expect(released.json).toMatchObject({
      status: 'RELEASED',
      salesOrderCode: 'SO-2001',
      workOrderPlanCode: rework,
    });
    expect(released.json.code).not.toBe(created.json.code);
    // A released order takes work time at once.
    const saved = await worker.post(`${base}/work_times`, {
      workOrderCode: released.json.code,
      workOrderStep: 'REWORK',
      workTimeType: 'SETUP',
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date().toISOString(),
    });
    expect(saved.json).toMatchObject({ workCenter: 'ASM-01' });
    expect((await worker.post(`${base}/work_times/flush`, { ids: [saved.json.id] })).json.failed).toEqual([]);
  });

  it('answers at most 10 work orders', async () => {
    const { item, plan } = await itemWithPlans();
    const ownOrder = { ...order, itemCode: item.code, workOrderPlanCode: plan, targetQuantity: 1 };
    for (let i = 0; i < 11; i++) expect((await manager.post(`${base}/orders`, ownOrder, newKey())).status).toBe(201);
    const answer = workOrdersAnswerSchema.parse((await worker.get(`${base}/work_orders/autocomplete/PRD-`)).json);
    expect(answer).toHaveLength(10);
    expect(answer.map((o) => o.code)).toEqual([...answer.map((o) => o.code)].sort());
  });

  it('refuses unknown codes and bad quantities with their keys, changing nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, number, string, Record<string, unknown>?][] = [
      [{ itemCode: 'NOPE' }, 404, 'unknownItemForCode', { code: 'NOPE' }],
      [{ warehouseCode: 'NOPE' }, 404, 'unknownWarehouse', { code: 'NOPE' }],
      [{ warehouseCode: '99' }, 422, 'warehouseInactive', { code: '99' }],
      [
        { workOrderPlanCode: 'PLAN-WASHER' },
        404,
        'unknownWorkOrderPlan',
        { code: 'PLAN-WASHER', itemCode: 'PROD-001' },
      ],
      [{ workOrderPlanCode: 'NOPE' }, 404, 'unknownWorkOrderPlan'],
      [{ salesOrderCode: 'SO-9999' }, 404, 'unknownOrder', { code: 'SO-9999' }],
      [{ salesOrderCode: 'PO-1001' }, 404, 'unknownOrder'],
      [{ targetQuantity: 0 }, 400, 'invalidInput'],
      [{ targetQuantity: -1 }, 400, 'invalidInput'],
      [{ targetQuantity: 0.0001 }, 400, 'invalidInput'],
      [{ itemCode: '' }, 400, 'invalidInput'],
    ];
    for (const [change, status, key, args] of cases) {
      const answer = await planner.post(`${base}/orders`, { ...order, ...change }, newKey());
      expect({ change, status: answer.status, key: answer.json.key }).toEqual({ change, status, key });
      if (args) expect(answer.json.args).toEqual(args);
    }
    expect(errorOf(await planner.post(`${base}/orders`, order))).toMatchObject({
      status: 400,
      key: 'idempotencyKeyRequired',
    });
    expect(await counts()).toEqual(before);
  });
});
