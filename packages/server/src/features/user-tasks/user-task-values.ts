import { userTaskButtonSchema, type UserTaskButton } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/app-error.js';
import { listSimpleUsers } from '../users/users.service.js';

/** Reading and checking the JSON values tasks and templates share. */

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function decodeStrings(text: string): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function decodeNumbers(text: string): number[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

export function decodeParameters(text: string): Record<string, string> {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function decodeButtons(text: string): UserTaskButton[] {
  const value = parseJson(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((button) => {
    const parsed = userTaskButtonSchema.safeParse(button);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Distinct ids in their first order. */
export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Every id must be an active user (404 unknownUser {userid} for the first that is not). */
export async function assertActiveUsers(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const active = new Set((await listSimpleUsers(ctx)).map((user) => user.userid));
  const unknown = ids.find((id) => !active.has(id));
  if (unknown !== undefined) throw notFound('unknownUser', { userid: unknown });
}
