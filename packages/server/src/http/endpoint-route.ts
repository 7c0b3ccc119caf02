import type { EndpointSpec } from '@wms/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request a handler gets: params, query and body as the endpoint's schemas parsed them. */
export type EndpointRequestOf<S extends EndpointSpec> = FastifyRequest<{
  Params: Parsed<S['params']>;
  Querystring: Parsed<S['query']>;
  Body: Parsed<S['body']>;
}>;

/** What a handler returns: the answer (before the answer schema serialises it), or the reply it sent. */
export type EndpointResult<S extends EndpointSpec> = S['answer'] extends z.ZodType
  ? z.input<S['answer']> | FastifyReply
  : FastifyReply;

export interface EndpointRouteOptions<S extends EndpointSpec> {
  /** OpenAPI tags; the endpoint's area when not given. */
  tags?: string[];
  /** More route config (rate limits); the access always comes from the endpoint. */
  config?: Omit<FastifyContextConfig, 'access'>;
  bodyLimit?: number;
  handler: (request: EndpointRequestOf<S>, reply: FastifyReply) => EndpointResult<S> | Promise<EndpointResult<S>>;
}

/**
 * Registers the route of a contract endpoint: its method, path, access and schemas come from
 * the endpoint, so the server cannot drift from what the web and the tests call. The success
 * status is set before the handler runs (a handler that returns its answer is sent with it).
 */
export function route<S extends EndpointSpec & { area: string }>(
  app: FastifyInstance,
  endpoint: S,
  options: EndpointRouteOptions<S>,
): void {
  const status = endpoint.status ?? 200;
  const handler = options.handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, access: endpoint.access },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: {
      tags: options.tags ?? [endpoint.area],
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.answer ? { response: { [status]: endpoint.answer } } : {}),
    },
    handler: (request, reply) => {
      if (status !== 200) void reply.code(status);
      return handler(request, reply);
    },
  });
}
