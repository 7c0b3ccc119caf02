import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from './access.js';

export interface RouteTableEntry {
  method: string;
  url: string;
  /** The route's declared access; undefined means it declares none (a bug the route-table test catches). */
  access: Access | undefined;
}

const tables = new WeakMap<object, RouteOptions[]>();

/**
 * Records every route added to the app from now on. The route options are kept, not copied,
 * so access set by a later onRoute hook (docs, static files) is seen when the table is read.
 */
export function registerRouteTable(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}

/** Every route of the app with its declared access; HEAD twins of GET routes are left out. */
export function routeTable(app: FastifyInstance): RouteTableEntry[] {
  const routes = tables.get(app) ?? [];
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, url: route.url, access: route.config?.access })),
  );
}
