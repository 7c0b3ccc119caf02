import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.ZodType;

function resolveSchema(schema: unknown): ZodSchema {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`a response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Response serializer: fast-json-stringify compiled from each route's zod response schema (it
 * writes only the declared properties, so nothing undeclared leaks), about twice as fast as
 * validating with zod and JSON.stringify. With `validate` (TEST and DEV runtimes) every answer is
 * also checked against its zod schema, so tests fail on an answer that breaks its contract.
 * A schema that JSON Schema cannot express falls back to zod encoding.
 */
export function createResponseSerializerCompiler(validate: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = resolveSchema(schema);
    const encodeWithZod = (data: unknown) => {
      const result = zodSchema.safeEncode(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    let stringify: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      const compiled = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
      stringify = (data) => compiled(data as never);
    } catch {
      return (data) => JSON.stringify(encodeWithZod(data));
    }
    if (!validate) return stringify;
    return (data) => {
      encodeWithZod(data);
      return stringify(data);
    };
  };
}
