import { config } from 'zod/v4';

/**
 * What the web build gets for `import ... from 'zod'` (an alias in vite.config.ts): zod, set to
 * run without compiled parsers. Zod 4 probes `new Function('')` when a schema is created, to
 * decide whether to compile its parsers; the app's Content-Security-Policy forbids eval
 * (script-src without 'unsafe-eval'), so the probe is refused and reported as a CSP violation on
 * every page load. Being the module every zod import goes through, this runs before any schema
 * is created. The web parses little; the server keeps compiled parsers.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
