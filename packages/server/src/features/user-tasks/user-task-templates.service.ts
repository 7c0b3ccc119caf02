import { newTemplateId, type saveUserTaskTemplateRequestSchema, type UserTaskTemplate } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/app-error.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import * as repository from './user-task-templates.repository.js';
import type { TemplateValues, UserTaskTemplateRow } from './user-task-templates.repository.js';
import {
  assertActiveUsers,
  decodeButtons,
  decodeNumbers,
  decodeParameters,
  decodeStrings,
  distinctIds,
} from './user-task-values.js';

/** Task templates: a new blank template has id -1. */

type SaveTemplate = z.output<typeof saveUserTaskTemplateRequestSchema>;

export function toTemplate(row: UserTaskTemplateRow): UserTaskTemplate {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    priority: row.priority,
    borderColor: row.border_color,
    title: row.title,
    text: row.text,
    tags: decodeStrings(row.tags),
    users: decodeNumbers(row.users),
    parameters: decodeParameters(row.parameters),
    buttons: decodeButtons(row.buttons),
  };
}

export async function findTemplateOrThrow(ctx: AppContext, id: number): Promise<UserTaskTemplate> {
  const row = await repository.findTemplateById(ctx.db, id);
  if (!row) throw notFound('unknownUserTaskTemplate', { id });
  return toTemplate(row);
}

export async function listTemplates(ctx: AppContext): Promise<UserTaskTemplate[]> {
  return (await repository.listTemplates(ctx.db)).map(toTemplate);
}

/** templates.save: id -1 creates; another id updates where the version is still the one given (else 412). */
export async function saveTemplate(ctx: AppContext, request: SaveTemplate): Promise<UserTaskTemplate> {
  const users = distinctIds(request.users);
  await assertActiveUsers(ctx, users);
  const values: TemplateValues = {
    title: request.title,
    text: request.text,
    priority: request.priority,
    border_color: request.borderColor,
    tags: JSON.stringify(request.tags),
    users: JSON.stringify(users),
    parameters: JSON.stringify(request.parameters),
    buttons: JSON.stringify(request.buttons),
  };
  const at = nowIso();
  if (request.id === newTemplateId) {
    return findTemplateOrThrow(ctx, await repository.insertTemplate(ctx.db, values, at));
  }
  const current = await findTemplateOrThrow(ctx, request.id);
  const result = await repository.updateTemplate(ctx.db, request.id, request.version, values, at);
  expectOneUpdated(result, { currentVersion: current.version });
  return findTemplateOrThrow(ctx, request.id);
}

export async function deleteTemplate(ctx: AppContext, id: number): Promise<void> {
  if (!(await repository.deleteTemplate(ctx.db, id))) throw notFound('unknownUserTaskTemplate', { id });
}
