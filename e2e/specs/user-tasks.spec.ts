import { userEndpoints, userTaskEndpoints, type Role } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, passwordOf, submitLogin, waitSignedIn } from './login-support.js';
import { menuBadge } from './handheld-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const phone = { width: 360, height: 640 };
const desktop = { width: 1280, height: 800 };
/** A stored device config without printers: the device settings dialog does not open by itself. */
const plainDevice = { deviceName: '' };
const run = Date.now().toString(36);
let sequence = 0;

interface SpecUser {
  id: number;
  username: string;
  api: ApiSession;
}

/** Signs in through the login modal and opens /my_user_tasks. */
async function openMyTasks(browser: Browser, username: string, viewport: { width: number; height: number }) {
  const opened = await openLogin(browser, baseUrl, { viewport, deviceConfig: plainDevice });
  // Fail at the step that hangs, well inside the test's time limit.
  opened.context.setDefaultTimeout(10_000);
  await submitLogin(opened.page, username, passwordOf(username));
  await waitSignedIn(opened.page);
  await opened.page.goto(`${baseUrl}/my_user_tasks`);
  await opened.page.getByTestId('my-user-tasks').waitFor();
  return opened;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as a datetime-local input value. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const card = (page: Page, taskId: number) => page.getByTestId(`task-card-${taskId}`);

describe('user tasks', () => {
  let browser: Browser;
  let admin: ApiSession;
  let manager: SpecUser;

  /** A fresh user with the roles, so no demo user's tasks or counters change. */
  async function createUser(prefix: string, roles: Role[]): Promise<SpecUser> {
    sequence += 1;
    const username = `${prefix}${run}${sequence}`;
    const created = await admin.api(userEndpoints.create, {
      body: { username, password: passwordOf(username), roles },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, username, api: await ApiSession.signIn(baseUrl, serverVersion, username) };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    manager = await createUser('tm', ['userTaskManager', 'information']);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a task manager on the desktop creates per-user tasks from a template; both users see theirs on a phone', async () => {
    const [operator, shiftLead] = [await createUser('op', ['information']), await createUser('lead', ['information'])];
    const template = await manager.api.api(userTaskEndpoints.saveTemplate, {
      body: {
        id: -1,
        title: `Pick wave {wave} ${run}`,
        text: 'Pick wave {wave}\nthen bring it to {dock}.',
        priority: 30,
        parameters: { wave: 'W-1', dock: 'dock 1', _internal: 'flow-7' },
        buttons: [{ id: 'picked', color: 'success', title: 'Wave picked', params: ['{wave}'] }],
      },
    });
    expect(template.status).toBe(200);

    const desk = await openMyTasks(browser, manager.username, desktop);
    await desk.page.getByTestId('task-new').click();
    await desk.page.getByTestId(`template-choice-${template.body.id}`).click();
    const dialog = desk.page.getByTestId('task-create-modal');
    await dialog.waitFor();
    expect(await dialog.getByTestId('task-form-title').inputValue()).toBe(`Pick wave {wave} ${run}`);
    // The hidden parameter is not offered; the visible ones are.
    expect(await dialog.getByTestId('parameter-_internal').count()).toBe(0);
    await dialog.getByTestId('parameter-wave').fill('W-42');
    await dialog.getByTestId('task-create-tab-users').click();
    await dialog.getByTestId(`user-option-${operator.username}`).check();
    await dialog.getByTestId(`user-option-${shiftLead.username}`).check();
    expect(await dialog.getByTestId('task-mode-perUser').isChecked()).toBe(true);
    await desk.page.screenshot({ path: screenshotPath('user-tasks-create-1280x800') });
    await dialog.getByTestId('task-create-submit').click();
    await dialog.waitFor({ state: 'detached' });
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    for (const user of [operator, shiftLead]) {
      const tasks = await user.api.api(userTaskEndpoints.current);
      expect(tasks.body.map((task: { title: string }) => task.title)).toEqual([`Pick wave W-42 ${run}`]);
      expect(tasks.body[0].parameters).toEqual({ wave: 'W-42', dock: 'dock 1', _internal: 'flow-7' });
      const { context, page, errors } = await openMyTasks(browser, user.username, phone);
      const taskCard = card(page, tasks.body[0].id);
      await taskCard.waitFor();
      expect(await taskCard.getByTestId('task-title').textContent()).toBe(`Pick wave W-42 ${run}`);
      expect(await taskCard.getByTestId('task-share-icon').count()).toBe(0);
      await taskCard.getByTestId('task-card-toggle').click();
      await taskCard.getByTestId('task-text').waitFor({ state: 'visible' });
      expect(await taskCard.getByTestId('task-text').innerText()).toBe('Pick wave W-42\nthen bring it to dock 1.');
      await taskCard.getByTestId('task-button-picked').click();
      await page.getByText('Wave picked: sent').waitFor();
      if (user === operator) await page.screenshot({ path: screenshotPath('user-tasks-360x640') });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(phone.width);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a shared task claimed by the second user disappears live from the first one, whose menu badge drops', async () => {
    const [first, second] = [await createUser('first', ['information']), await createUser('second', ['information'])];
    const own = await manager.api.api(userTaskEndpoints.create, {
      body: { mode: 'perUser', users: [first.id], title: `Own task ${run}` },
    });
    const shared = await manager.api.api(userTaskEndpoints.create, {
      body: { mode: 'shared', users: [first.id, second.id], title: `Shared task ${run}`, priority: 40 },
    });
    expect([own.status, shared.status]).toEqual([201, 201]);
    const sharedId: number = shared.body[0].id;

    const one = await openMyTasks(browser, first.username, phone);
    await card(one.page, sharedId).waitFor();
    await card(one.page, own.body[0].id).waitFor();
    expect(await card(one.page, sharedId).getByTestId('task-share-icon').count()).toBe(1);
    await expect.poll(() => menuBadge(one.page, 'myUserTasks'), { timeout: 5000 }).toBe(2);

    const two = await openMyTasks(browser, second.username, phone);
    const claimButton = card(two.page, sharedId).getByTestId('task-claim');
    await claimButton.click();
    await expect.poll(() => claimButton.isDisabled(), { timeout: 5000 }).toBe(true);

    // Live, without a reload: the card goes, the info notification names who, the badge drops.
    await card(one.page, sharedId).waitFor({ state: 'detached' });
    const notice = one.page.getByTestId('notification').filter({ hasText: `${second.username} claimed a user task` });
    await notice.waitFor();
    // On a phone the notification lies over the title bar: close it to reach the menu toggle.
    await notice.locator('.btn-close').click();
    await notice.waitFor({ state: 'detached' });
    expect(await menuBadge(one.page, 'myUserTasks')).toBe(1);
    await one.page.screenshot({ path: screenshotPath('user-tasks-claimed-360x640') });
    expect([...one.errors, ...two.errors]).toEqual([]);
    await Promise.all([one.context.close(), two.context.close()]);
  });

  it('logs worked time: Start, Finish with a message, the minutes, edit and delete', async () => {
    const worker = await createUser('worker', ['information']);
    const created = await manager.api.api(userTaskEndpoints.create, {
      body: { mode: 'perUser', users: [worker.id], title: `Timed task ${run}` },
    });
    const taskId: number = created.body[0].id;
    const { context, page, errors } = await openMyTasks(browser, worker.username, phone);
    const taskCard = card(page, taskId);
    await taskCard.getByTestId('task-worked-times').click();
    const dialog = page.getByTestId('worked-times-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('worked-time-start').click();
    await dialog.getByTestId('worked-time-finish').waitFor();
    await taskCard.getByTestId('task-timer-icon').waitFor({ state: 'attached' });

    await dialog.getByTestId('worked-time-finish').click();
    const finishModal = page.getByTestId('finish-work-modal');
    await finishModal.getByText('Describe what work you did').waitFor();
    await finishModal.getByTestId('finish-work-message').fill('Unloaded the truck');
    await finishModal.getByTestId('finish-work-submit').click();
    await finishModal.waitFor({ state: 'detached' });
    await dialog.getByTestId('worked-time-start').waitFor();
    const row = dialog.locator('tr[data-testid^="worked-time-"]').filter({ hasText: 'Unloaded the truck' });
    await row.waitFor();
    expect(await row.getByTestId('worked-time-minutes').textContent()).toBe('0');
    await page.screenshot({ path: screenshotPath('user-tasks-worked-times-360x640') });

    await row.getByTestId('worked-time-edit').click();
    const editModal = page.getByTestId('worked-time-edit-modal');
    await editModal.getByTestId('worked-time-message').fill('Unloaded two trucks');
    // Started two hours ago, finished 90 minutes later (in local time, as the inputs take it).
    const startedAt = new Date(Date.now() - 120 * 60_000);
    await editModal.getByTestId('worked-time-started').fill(localInput(startedAt));
    await editModal.getByTestId('worked-time-finished').fill(localInput(new Date(startedAt.getTime() + 90 * 60_000)));
    await editModal.getByTestId('worked-time-save').click();
    await editModal.waitFor({ state: 'detached' });
    const edited = dialog.locator('tr[data-testid^="worked-time-"]').filter({ hasText: 'Unloaded two trucks' });
    await edited.waitFor();
    expect(await edited.getByTestId('worked-time-minutes').textContent()).toBe('90');

    await edited.getByTestId('worked-time-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await edited.waitFor({ state: 'detached' });
    await dialog.getByText('No time recorded yet').waitFor();
    const entries = await worker.api.api(userTaskEndpoints.workedTimes, { params: { id: taskId } });
    expect(entries.body).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
