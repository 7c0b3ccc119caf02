import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language, TranslationTree, UpdateTranslationRequest } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { isLanguage, languageOfFile, nestPatches, readShippedLanguage } from './translation-files.js';
import * as repository from './translations.repository.js';

/** Shipped files are read once per process (outside DEV, where edits show on reload). */
const shippedCache = new Map<string, TranslationTree>();

/** GET /translations/{file}: the shipped namespaces of a language, e.g. {common, errors}. */
export function shippedTranslations(ctx: AppContext, file: string): TranslationTree {
  const language = languageOfFile(file);
  if (!language) throw notFound('unknownTranslationFile', { file });
  const cacheKey = `${ctx.config.translationsDir}\n${language}`;
  const cached = ctx.config.runtimeType === 'DEV' ? undefined : shippedCache.get(cacheKey);
  if (cached) return cached;
  const tree = readShippedLanguage(ctx.config.translationsDir, language);
  shippedCache.set(cacheKey, tree);
  return tree;
}

/**
 * GET /translations/specialization/{customerId}/{file}: a customer's own translations from
 * `<DATA_DIR>/userdata/specialization/<customerId>/translations/<file>`. The names are already
 * checked against strict patterns; the resolved path is checked to stay inside the folder too.
 */
export async function specializationTranslations(
  ctx: AppContext,
  customerId: string,
  file: string,
): Promise<TranslationTree> {
  const base = path.resolve(ctx.config.dataDir, 'userdata', 'specialization');
  const target = path.resolve(base, customerId, 'translations', file);
  if (!target.startsWith(base + path.sep)) throw notFound('unknownTranslationFile', { file });
  let text: string;
  try {
    text = await fs.readFile(target, 'utf8');
  } catch {
    throw notFound('unknownTranslationFile', { file });
  }
  try {
    const content: unknown = JSON.parse(text);
    if (content && typeof content === 'object' && !Array.isArray(content)) return content as TranslationTree;
  } catch {
    // fall through: a broken file is treated as absent
  }
  throw notFound('unknownTranslationFile', { file });
}

function languageOrThrow(language: string): Language {
  if (!isLanguage(language)) throw badRequest('unknownLanguage', { language });
  return language;
}

/** GET /api/v1/translations/patchFile/{language}: the stored patches as a nested object. */
export async function patchFile(ctx: AppContext, language: string): Promise<TranslationTree> {
  const patches = await repository.listPatches(ctx.db, languageOrThrow(language));
  return nestPatches(patches);
}

/** Sets one key of one language, or removes the patch when value is null. */
export async function updateTranslation(
  ctx: AppContext,
  userId: number,
  change: UpdateTranslationRequest,
): Promise<void> {
  const language = languageOrThrow(change.language);
  if (change.value === null) {
    await repository.deletePatch(ctx.db, language, change.path);
    return;
  }
  await repository.upsertPatch(ctx.db, {
    language,
    path: change.path,
    value: change.value,
    updatedAt: nowIso(),
    updatedBy: userId,
  });
}
