import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { anyRole, publicAccess } from './access.js';
import { registerRouteTable, routeTable } from './route-table.js';

describe('routeTable', () => {
  it('lists routes with their access, including access set by a later onRoute hook, without HEAD twins', async () => {
    const app = Fastify();
    registerRouteTable(app);
    app.get('/open', { config: publicAccess }, () => 'ok');
    app.post('/admin', { config: anyRole('admin') }, () => 'ok');
    app.route({ method: ['GET', 'DELETE'], url: '/undeclared/:id', handler: () => 'ok' });
    await app.register(async (child) => {
      child.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: { public: true } };
      });
      child.get('/static/file.js', () => 'ok');
    });
    await app.ready();
    expect(routeTable(app)).toEqual([
      { method: 'GET', url: '/open', access: { public: true } },
      { method: 'POST', url: '/admin', access: { anyRole: ['admin'] } },
      { method: 'GET', url: '/undeclared/:id', access: undefined },
      { method: 'DELETE', url: '/undeclared/:id', access: undefined },
      { method: 'GET', url: '/static/file.js', access: { public: true } },
    ]);
    await app.close();
  });
});
