import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; the docs page is at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'WMS API', version, description: 'Warehouse management system HTTP API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'wms_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    // swagger-ui sends /static/index.html to the docs root by rewriting the URL's end, so with a
    // query string it would send the browser back to the same URL for ever: redirect it here.
    docs.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/docs/static/index.html?')) return reply.redirect('/api/docs/');
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}
