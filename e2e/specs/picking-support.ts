import { pickListEndpoints } from '@wms/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiSession } from './login-support.js';

/**
 * Makes a pick list of warehouse 01 from sales order lines (the demo's SO-PICK-*), as a planner
 * would; answers the create answer. Specs run side by side, so another spec's run may hold the
 * warehouse's creation lock (409 picklistCreationLocked): tried again for up to 10 s.
 */
export async function createPickList(admin: ApiSession, salesOrder: string, lines: readonly number[]) {
  const create = () =>
    admin.api(pickListEndpoints.create, {
      body: { warehouse: '01', lines: lines.map((lineNumber) => ({ salesOrder, lineNumber })) },
    });
  let answer = await create();
  for (let attempt = 0; answer.status === 409 && attempt < 40; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    answer = await create();
  }
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { created: string[]; backorders: unknown[] };
}

/**
 * After a pick: the specs share the demo's stock, so whether "is the location empty?" is asked
 * depends on what another spec picked there first. It is answered yes when asked; then the
 * question `next` is waited for.
 */
export async function afterPick(page: Page, next: RegExp) {
  const question = page.getByTestId('handheld-prompt');
  await question.filter({ hasText: new RegExp(`empty of|${next.source}`) }).waitFor();
  if (/empty of/.test((await question.textContent()) ?? '')) await page.getByTestId('zero-check-yes').click();
  await question.filter({ hasText: next }).waitFor();
}
