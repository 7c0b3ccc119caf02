import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandRoles } from '@wms/contract';
import { demoUsers } from '../src/db/seed/demo-users.js';
import { routeTable, type RouteTableEntry } from '../src/http/route-table.js';
import type { HttpClient } from './http-client.js';
import { signIn } from './session-helper.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** A callable URL for a route pattern: every path parameter (and wildcard) becomes 1. */
function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, '1');
}

function call(client: HttpClient, route: RouteTableEntry) {
  const url = concreteUrl(route.url);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return client.request(route.method, url, hasBody ? {} : undefined);
}

describe('route table', () => {
  let t: TestApp;
  let routes: RouteTableEntry[];
  beforeAll(async () => {
    t = await buildTestApp();
    routes = routeTable(t.app);
  });
  afterAll(async () => t.close());

  it('collects the routes of every feature', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/v1/config/',
        'POST /api/v1/admin/settings',
        'POST /api/v1/translations/update',
      ]),
    );
    expect(routes.some((r) => r.method === 'HEAD')).toBe(false);
  });

  it('has no route that declares neither a role, signed-in nor public access', () => {
    const undeclared = routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    for (const route of routes) {
      if (route.access && 'anyRole' in route.access) expect(route.access.anyRole.length, route.url).toBeGreaterThan(0);
    }
  });

  it('answers 401 without a session on every protected route, before validating input', async () => {
    const protectedRoutes = routes.filter((r) => r.access && !('public' in r.access));
    expect(protectedRoutes.length).toBeGreaterThan(0);
    const anonymous = t.client();
    for (const route of protectedRoutes) {
      const answer = await call(anonymous, route);
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
      expect(answer.json?.key, `${route.method} ${route.url}`).toEqual(expect.any(String));
    }
  });

  it('answers 403 to a signed-in user lacking the role on every role-protected route, before validating input', async () => {
    const operatorRoles = new Set(expandRoles(demoUsers.find((u) => u.username === 'operator')!.roles));
    const forbiddenRoutes = routes.filter(
      (r) => r.access && 'anyRole' in r.access && !r.access.anyRole.some((role) => operatorRoles.has(role)),
    );
    expect(forbiddenRoutes.length).toBeGreaterThan(0);
    const operator = await signIn(t, 'operator');
    for (const route of forbiddenRoutes) {
      const answer = await call(operator, route);
      expect(answer.status, `${route.method} ${route.url}`).toBe(403);
      expect(answer.json?.key, `${route.method} ${route.url}`).toEqual(expect.any(String));
    }
  });
});
