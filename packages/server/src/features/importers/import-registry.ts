import type { ImportKind } from '@wms/contract';
import type { Importer } from './importer.js';

/**
 * The importers by kind. Filled at app build (import-sessions.routes.ts registers every importer
 * of importers.ts); a later registration of a kind replaces the earlier one (a test may put its
 * own importer in place).
 */
const registry = new Map<ImportKind, Importer>();

export function registerImporter(importer: Importer): void {
  registry.set(importer.kind, importer);
}

/** The importer of the kind, or undefined when none is built (its routes answer 404 notFound). */
export function importerFor(kind: ImportKind): Importer | undefined {
  return registry.get(kind);
}
