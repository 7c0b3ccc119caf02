import { queryOptions } from '@tanstack/react-query';
import {
  pathOf,
  queryKeyOf,
  type Endpoint,
  type EndpointAnswer,
  type EndpointRequest,
  type EndpointSpec,
  type RequestOptional,
  type RequestTuple,
} from '@wms/contract';
import { request, type RequestOptions } from './http.js';

/** The call's request, optional when the endpoint takes no params, query or body. */
type RequestArgs<S extends EndpointSpec> =
  RequestOptional<S> extends true
    ? [request?: EndpointRequest<S>, options?: Omit<RequestOptions, 'query'>]
    : [request: EndpointRequest<S>, options?: Omit<RequestOptions, 'query'>];

type Filled = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/**
 * Calls a contract endpoint: the path built from its params, the query serialised, the body
 * sent as JSON (FormData as it is), the answer typed by the endpoint's answer schema. Failures
 * go through the HTTP policy like every call (http.ts).
 */
export function callApi<S extends EndpointSpec>(
  endpoint: S,
  ...[req, options]: RequestArgs<S>
): Promise<EndpointAnswer<S>> {
  const filled = (req ?? {}) as Filled;
  return request<EndpointAnswer<S>>(endpoint.method, pathOf(endpoint, filled.params), filled.body, {
    ...options,
    query: filled.query,
  });
}

/**
 * TanStack query options of a GET endpoint: its key from the contract (queryKeyOf) and a
 * query function that calls it with the query's abort signal.
 */
export function apiQuery<S extends EndpointSpec, A extends string, N extends string>(
  endpoint: Endpoint<S, A, N>,
  ...[req, options]: RequestArgs<S>
) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, ...([req] as RequestTuple<S>)),
    queryFn: ({ signal }) => callApi<S>(endpoint, ...([req, { ...options, signal }] as RequestArgs<S>)),
  });
}
