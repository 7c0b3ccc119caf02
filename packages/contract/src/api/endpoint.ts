import type { z } from 'zod';
import type { Role } from '../roles.js';

/**
 * The wire, defined once. Every API area exports one endpoint table (`defineEndpoints`): per
 * endpoint its method, path (with `:name` parameters, or a trailing `*`), the schemas of its
 * parameters, query, body and answer, the success status and who may call it. The server
 * registers its routes from these tables (http/endpoint-route.ts), the web calls them through
 * its typed client (platform/api-client.ts) and keys its queries with `queryKeyOf`, and the
 * end-to-end tests build their URLs with `urlOf`. No API path is written anywhere else.
 */
/** Where the API lives: every endpoint path starts with one of these (the rest is the web app). */
export const apiPathPrefixes = ['/api/', '/translations/'] as const;

/** Whether a request URL is for the API (an unknown one answers a JSON 404, not the web app). */
export const isApiUrl = (url: string): boolean => apiPathPrefixes.some((prefix) => url.startsWith(prefix));

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Who may call: anyone, any signed-in caller, or a caller with at least one of the roles. */
export type Access = { public: true } | { signedIn: true } | { anyRole: readonly Role[] };

export const publicAccess = { public: true } as const;
export const signedInAccess = { signedIn: true } as const;
export const rolesAccess = <const R extends readonly Role[]>(...roles: R) => ({ anyRole: roles }) as const;

export interface EndpointSpec {
  method: HttpMethod;
  /** '/api/v1/printer/:id'; a trailing '*' takes the rest of the path (slashes kept). */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body is a multipart/form-data upload that the route reads itself (so no body schema);
   * the web sends a FormData.
   */
  upload?: true;
  /**
   * The answer's schema. `null`: the answer is not JSON (a file, a stream, a redirect) and the
   * web reads it itself; the route then sends its own answer.
   */
  answer: z.ZodType | null;
  /** The success status; 200 unless given. */
  status?: 200 | 201 | 202 | 204;
  /** One line for the OpenAPI document. */
  summary?: string;
}

/** An endpoint of a table: its spec plus the area and name it is keyed by. */
export type Endpoint<
  S extends EndpointSpec = EndpointSpec,
  A extends string = string,
  N extends string = string,
> = S & {
  readonly area: A;
  readonly name: N;
};

/** Stamps every endpoint of an area's table with the area and its name (the query-key parts). */
export function defineEndpoints<const A extends string, const T extends Record<string, EndpointSpec>>(
  area: A,
  table: T,
): { readonly [N in keyof T & string]: Endpoint<T[N], A, N> } {
  const stamped: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(table)) stamped[name] = { ...spec, area, name };
  return stamped as { readonly [N in keyof T & string]: Endpoint<T[N], A, N> };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

/** The path parameters an endpoint's path names, each a string or number. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

type QueryInput<S extends EndpointSpec> = S['query'] extends z.ZodType ? z.input<S['query']> : never;
type BodyInput<S extends EndpointSpec> = S['upload'] extends true
  ? FormData
  : S['body'] extends z.ZodType
    ? z.input<S['body']>
    : never;

/** What a call of the endpoint sends: params when its path has any, query and body when it takes them. */
export type EndpointRequest<S extends EndpointSpec> = ([ParamNames<S['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<S['path']> }) &
  ([QueryInput<S>] extends [never]
    ? { query?: undefined }
    : Record<string, never> extends QueryInput<S>
      ? { query?: QueryInput<S> }
      : { query: QueryInput<S> }) &
  ([BodyInput<S>] extends [never]
    ? { body?: undefined }
    : undefined extends BodyInput<S>
      ? { body?: BodyInput<S> }
      : { body: BodyInput<S> });

/** True when a call of the endpoint needs no request object at all. */
export type RequestOptional<S extends EndpointSpec> = Record<string, never> extends EndpointRequest<S> ? true : false;

/** The request argument of a call: optional when the endpoint needs none. */
export type RequestTuple<S extends EndpointSpec> =
  RequestOptional<S> extends true ? [request?: EndpointRequest<S>] : [request: EndpointRequest<S>];

/** The answer of a successful call, as the web receives it. */
export type EndpointAnswer<S extends EndpointSpec> = S['answer'] extends z.ZodType ? z.output<S['answer']> : unknown;

/** Query parameters as the server reads them: arrays as `name[]=a&name[]=b`, null and undefined left out. */
export type QueryValues = Record<string, unknown>;

/** What a query parameter holds (query schemas take text, numbers and flags, or lists of them). */
type Scalar = string | number | boolean;
const encodeScalar = (value: Scalar) => encodeURIComponent(String(value));

/** `?a=1&b[]=x&b[]=y`, or '' for no parameters. */
export function serializeQuery(query: QueryValues | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly Scalar[]) parts.push(`${encodeURIComponent(name)}[]=${encodeScalar(item)}`);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeScalar(value as Scalar)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const encodeRest = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/** The endpoint's path with its parameters filled in (each encoded; a `*` keeps its slashes). */
export function pathOf(endpoint: Pick<EndpointSpec, 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)|\*$/g, (match, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined) throw new Error(`${endpoint.path}: parameter ${name ?? '*'} missing`);
    return name ? encodeURIComponent(String(value)) : encodeRest(String(value));
  });
}

/** Path and query of a call: what goes after the origin. */
export function urlOf<S extends EndpointSpec>(endpoint: S, ...[request]: RequestTuple<S>): string {
  const filled = request as { params?: Record<string, string | number>; query?: QueryValues } | undefined;
  return pathOf(endpoint, filled?.params) + serializeQuery(filled?.query);
}

/**
 * The TanStack query key of a call: [area, params, name, query]. Keys share their area and
 * path parameters in front, so `areaKey('items')` invalidates every item query and
 * `[...areaKey('items'), { code }]` every query about one item.
 */
export function queryKeyOf<S extends EndpointSpec, A extends string, N extends string>(
  endpoint: Endpoint<S, A, N>,
  ...[request]: RequestTuple<S>
) {
  const filled = request as { params?: Record<string, string | number>; query?: QueryValues } | undefined;
  return [endpoint.area, filled?.params ?? {}, endpoint.name, filled?.query ?? {}] as const;
}

/** The key prefix of every query of an area. */
export const areaKey = <A extends string>(area: A) => [area] as const;
