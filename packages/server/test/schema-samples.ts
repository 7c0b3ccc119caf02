import { randomUUID } from 'node:crypto';
import * as contract from '@wms/contract';
import { z } from 'zod';

/**
 * Sample inputs made from the contract's own schemas, for fuzzing routes past their validation:
 * shaped like what the route takes, with edge values (`max`: every limit reached, `min`: every
 * optional field left out and the lowest values, `typical`: one of everything). Refinements are
 * not known here, so a sample may still be refused, which is fine: the route must then say why.
 */
export type SampleMode = 'typical' | 'max' | 'min';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};

/** Demo codes for fields whose name says what they hold (the demo data has them). */
function codeFor(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.includes('idempotency')) return randomUUID();
  if (lower.includes('item')) return 'ITEM-001';
  if (lower.startsWith('to') || lower.includes('target') || lower.includes('destination')) return '01-P01-02';
  if (lower.includes('location') || lower.includes('bin')) return '01-P01-01';
  if (lower.includes('warehouse') || lower.includes('whs')) return '01';
  if (lower.includes('batch')) return 'B2025-014';
  if (lower.includes('user')) return 'operator';
  return undefined;
}

const longest = 5000;

function stringSample(schema: JsonSchema, mode: SampleMode, name: string): string {
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  const fits = (value: string) =>
    (!pattern || pattern.test(value)) &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity);
  const byFormat: Record<string, string> = {
    'date-time': '2026-11-28T10:00:00.000Z',
    date: '2026-11-28',
    time: '10:00:00',
    email: 'someone@example.com',
    uuid: randomUUID(),
    uri: 'https://example.com/a',
  };
  if (schema.format && byFormat[schema.format]) return byFormat[schema.format]!;
  const candidates = [
    codeFor(name),
    'ITEM-001',
    'A',
    'A1',
    '1',
    'a',
    '2026-11-28',
    '2026-11-28T10:00:00.000Z',
    '00:00',
  ].filter((value): value is string => value !== undefined);
  if (mode === 'max') {
    const size = Math.min(schema.maxLength ?? 300, longest);
    for (const fill of ['X', '9', 'é']) if (fits(fill.repeat(size))) return fill.repeat(size);
  }
  if (mode === 'min' && fits('')) return '';
  return candidates.find(fits) ?? candidates[0]!;
}

function numberSample(schema: JsonSchema, mode: SampleMode, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  if (mode === 'max') return high ?? (integer ? Number.MAX_SAFE_INTEGER : 1e300);
  if (mode === 'min') return low ?? (integer ? Number.MIN_SAFE_INTEGER : -1e300);
  return Math.min(Math.max(1, low ?? 1), high ?? 1);
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return root.$defs?.[name] ?? {};
}

function sampleOf(input: JsonSchema, mode: SampleMode, root: JsonSchema, name: string, depth: number): unknown {
  const schema = resolve(input, root);
  if (depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (schema.enum) return mode === 'max' ? schema.enum[schema.enum.length - 1] : schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const nonNull = options.filter((option) => resolve(option, root).type !== 'null');
    if (mode === 'min' && nonNull.length < options.length) return null;
    return sampleOf(nonNull[0] ?? options[0]!, mode, root, name, depth + 1);
  }
  if (schema.allOf?.length) return sampleOf(schema.allOf[0]!, mode, root, name, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (mode === 'min' && types.includes('null')) return null;
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (mode === 'min' && !schema.required?.includes(key)) continue;
        result[key] = sampleOf(property, mode, root, key, depth + 1);
      }
      return result;
    }
    case 'array': {
      const count = mode === 'max' ? Math.min(schema.maxItems ?? 3, 20) : mode === 'min' ? (schema.minItems ?? 0) : 1;
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleOf(item, mode, root, name, depth + 1));
      return Array.from({ length: count }, () => sampleOf(schema.items ?? {}, mode, root, name, depth + 1));
    }
    case 'string':
      return stringSample(schema, mode, name);
    case 'integer':
      return numberSample(schema, mode, true);
    case 'number':
      return numberSample(schema, mode, false);
    case 'boolean':
      return mode !== 'min';
    case undefined:
    default:
      return codeFor(name) ?? 'ITEM-001';
  }
}

/** A sample of a zod schema's input. */
export function sampleInput(schema: z.ZodType, mode: SampleMode): unknown {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  return sampleOf(json, mode, json, '', 0);
}

/** A query string of a sample (arrays as repeated keys, nested objects left out). */
export function queryStringOf(sample: unknown): string {
  if (!sample || typeof sample !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(sample)) {
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (entry === null || entry === undefined || typeof entry === 'object') continue;
      search.append(key, String(entry));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface ContractEndpoint {
  method: string;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  upload?: true;
}

/** Every endpoint of every endpoint table the contract exports. */
export function contractEndpoints(): ContractEndpoint[] {
  const endpoints: ContractEndpoint[] = [];
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== 'object') continue;
    const entries = Object.values(value as Record<string, unknown>);
    const isTable =
      entries.length > 0 &&
      entries.every((entry) => entry !== null && typeof entry === 'object' && 'method' in entry && 'area' in entry);
    if (isTable) endpoints.push(...(entries as unknown as ContractEndpoint[]));
  }
  return endpoints;
}
