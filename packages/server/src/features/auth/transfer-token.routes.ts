import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  transferTokenCreateAnswerSchema,
  transferTokenCreateParamsSchema,
  transferTokenCreateRequestSchema,
  transferTokenUseAnswerSchema,
  transferTokenUseRequestSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { publicAccess, requirePrincipal, signedIn } from '../../http/access.js';
import { clientInfo } from './client-info.js';
import { setSessionCookie } from './session-cookie.js';
import { createTransferToken, useTransferToken } from './transfer-token.service.js';

/** Session transfer to another device: create (signed in) and use (public, signs the device in). */
export function registerTransferTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.post(
    '/api/v1/auth/transfer_token/create/:deviceName',
    {
      config: signedIn,
      schema: {
        tags,
        params: transferTokenCreateParamsSchema,
        body: transferTokenCreateRequestSchema,
        response: { 200: transferTokenCreateAnswerSchema },
      },
    },
    (request) => createTransferToken(ctx, requirePrincipal(request), request.params.deviceName, request.body),
  );

  api.post(
    '/api/v1/auth/transfer_token/use',
    {
      config: publicAccess,
      schema: { tags, body: transferTokenUseRequestSchema, response: { 200: transferTokenUseAnswerSchema } },
    },
    async (request, reply) => {
      const used = await useTransferToken(ctx, request.body, clientInfo(request));
      setSessionCookie(reply, ctx.config, used.token, used.expiresAt);
      return used.answer;
    },
  );
}
