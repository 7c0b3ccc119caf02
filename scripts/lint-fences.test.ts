import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint fences of eslint.config.js fail on planted violations (issue 15). The planted files
 * are linted as text at paths inside the packages (they need not exist); type-aware rules are
 * switched off for them, the fences need no types.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const featureFile = 'packages/server/src/features/printers/planted.ts';

describe('lint fences', () => {
  it("refuses a feature importing another feature's repository or routes, and allows its service", async () => {
    expect(await ruleIds(featureFile, "export { findUserById } from '../users/user.repository.js';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(featureFile, "export { registerUserRoutes } from '../users/users.routes.js';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(featureFile, "export { findUserById } from '../users/user-accounts.service.js';\n")).toEqual(
      [],
    );
    expect(await ruleIds(featureFile, "export { listPrinters } from './printers.repository.js';\n")).toEqual([]);
  });

  it('refuses code outside the features importing a repository, and the server importing the web', async () => {
    const liveFile = 'packages/server/src/live/planted.ts';
    expect(
      await ruleIds(liveFile, "export { findSessionWithUser } from '../features/auth/session.repository.js';\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds(liveFile, "export { appVersion } from '../../../web/src/platform/http.js';\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses web imports up the layers, from another app, and of the server', async () => {
    expect(
      await ruleIds('packages/web/src/platform/planted.ts', "export { Shell } from '../shell/Shell.js';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'packages/web/src/components/x/planted.ts',
        "export { itemQueries } from '../../apps/item-info/queries.js';\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('packages/web/src/handheld/planted.ts', "export { Shell } from '../shell/Shell.js';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'packages/web/src/apps/item-info/planted.ts',
        "export { workTimeApi } from '../work-confirmation/work-time-api.js';\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('packages/web/src/apps/item-info/planted.ts', "export { itemQueries } from './queries.js';\n"),
    ).toEqual([]);
    expect(
      await ruleIds('packages/web/src/platform/planted.ts', "export { buildApp } from '../../../server/src/app.js';\n"),
    ).toContain('no-restricted-imports');
  });

  it('refuses an API path written outside the contract, in the web, the server and e2e', async () => {
    const literal = "export const load = () => fetch('/api/v1/item/A');\n";
    const template = 'export const url = (base: string) => `${base}/api/v1/item/A`;\n';
    for (const file of [
      'packages/web/src/apps/item-info/planted.ts',
      'packages/server/src/features/printers/planted.ts',
      'e2e/specs/planted.ts',
    ]) {
      expect(await ruleIds(file, literal), file).toContain('no-restricted-syntax');
      expect(await ruleIds(file, template), file).toContain('no-restricted-syntax');
    }
    expect(await ruleIds('packages/contract/src/api/planted.ts', literal)).toEqual([]);
    // An import path that names a folder called userdata is not an API path.
    expect(await ruleIds(featureFile, "export { x } from '../userdata/userdata.service.js';\n")).toEqual([]);
  });

  it('refuses using what sendCompiled answers', async () => {
    const code = (body: string) =>
      `import { sendCompiled } from '../../db/compiled-query.js';\nexport async function f(tx: never) {\n${body}\n}\n`;
    expect(
      await ruleIds(featureFile, code("  const held = await sendCompiled(tx, 'x', () => tx, []);\n  return held;")),
    ).toContain('no-restricted-syntax');
    expect(await ruleIds(featureFile, code("  return sendCompiled(tx, 'x', () => tx, []);"))).toContain(
      'no-restricted-syntax',
    );
    expect(await ruleIds(featureFile, code("  await sendCompiled(tx, 'x', () => tx, []);"))).toEqual([]);
  });

  it('refuses a hook called conditionally, and a component over the house size', async () => {
    const hook = "import { useState } from 'react';\nexport function useX(on: boolean) {\n  if (on) useState(0);\n}\n";
    expect(await ruleIds('packages/web/src/components/x/planted.ts', hook)).toContain('react-hooks/rules-of-hooks');
    const lines = Array.from({ length: 260 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    expect(await ruleIds('packages/web/src/components/x/Planted.tsx', `${lines}\n`)).toContain('max-lines');
    expect(await ruleIds('packages/web/src/components/x/planted.ts', `${lines}\n`)).toEqual([]);
  });

  it('refuses a comment that points at the specification instead of stating the rule', async () => {
    const file = 'packages/web/src/components/x/planted.ts';
    expect(await ruleIds(file, '/** Users may sign in (spec 02 section 6). */\nexport const x = 1;\n')).toContain(
      'house/no-spec-references',
    );
    expect(await ruleIds(file, '/** Users may sign in with a name and a password. */\nexport const x = 1;\n')).toEqual(
      [],
    );
  });
});
