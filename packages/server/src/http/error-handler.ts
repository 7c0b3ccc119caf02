import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@wms/contract';
import { isDataException } from '../db/data-exception.js';
import { AppError } from './app-error.js';

type MessageFor = (key: string, args: Record<string, unknown>) => string;

export function sendError(
  reply: FastifyReply,
  messageFor: MessageFor,
  status: number,
  key: string,
  args: Record<string, unknown> = {},
) {
  const body: ApiError = { status, key, args, message: messageFor(key, args) };
  return reply.status(status).type('application/json').send(body);
}

/** Fastify's own default for the longest path parameter the router takes (find-my-way). */
export const maxPathParamLength = 100;

/**
 * The router's own refusals, before any route or hook runs (Fastify's `frameworkErrors`): a path
 * parameter over the router's length limit, or a path that is not valid percent-encoding. The
 * same error shape as every other answer, not Fastify's, which echoes the whole path back.
 */
export function frameworkErrorHandler(messageFor: MessageFor) {
  return (error: FastifyError, _request: unknown, reply: FastifyReply): void => {
    // No hook runs for these answers: the one header a JSON error needs is set here.
    reply.header('x-content-type-options', 'nosniff');
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      void sendError(reply, messageFor, 414, 'valueTooLong', { max: maxPathParamLength });
    else if (error.code === 'FST_ERR_BAD_URL')
      void sendError(reply, messageFor, 400, 'invalidInput', { reason: 'the path is not valid URL encoding' });
    else void sendError(reply, messageFor, 500, 'internalServerError');
  };
}

/** One error shape on the wire; never a stack trace outside DEV. */
export function registerErrorHandler(app: FastifyInstance, messageFor: MessageFor, exposeInternals: boolean) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, messageFor, error.status, error.key, error.args);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      return sendError(reply, messageFor, 400, 'invalidInput', { fields });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return sendError(reply, messageFor, 400, 'malformedJson');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit when it sets one (bug reports, beacons), else the server's.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit;
      return sendError(reply, messageFor, 413, 'payloadTooLarge', { limit });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const key = error.statusCode === 404 ? 'notFound' : 'invalidInput';
      return sendError(reply, messageFor, error.statusCode, key, { reason: error.message });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value the client sent');
      return sendError(reply, messageFor, 400, 'invalidInput', { reason: 'a value is out of range' });
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'response does not match its schema');
    else request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      messageFor,
      500,
      'internalServerError',
      exposeInternals ? { error: error.message, stack: error.stack } : {},
    );
  });
}
