import { pickListEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { flushPickList } from './pick-list-flush.js';
import { shortPick, skipLine, zeroCheck } from './pick-list-exceptions.service.js';
import { nextPickList } from './pick-list-next.js';
import { pick } from './pick-list-pick.service.js';
import { loadPickListView } from './pick-list-view.js';
import { containerLabelPdf, printContainerLabel } from './shipping-container-label.js';
import {
  closeContainer,
  createContainer,
  listBoxTypes,
  listContainers,
  reopenContainer,
} from './shipping-containers.js';

const tags = ['pick lists'];

/**
 * The picking routes (contract pick-lists.ts; PROCESSES.md 3.3, 3.6): detail, next, pick, short,
 * skip, zeroCheck, flush, and the shipping containers (list, create, close, reopen, label) and box
 * types. Roles are the endpoints'; the steps check the claim in their transaction.
 */
export function registerPickListPickRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.detail, { tags, handler: (request) => loadPickListView(ctx.db, request.params.code) });
  route(app, endpoints.next, {
    tags,
    handler: (request) => nextPickList(ctx, requirePrincipal(request), request.query.warehouse),
  });
  route(app, endpoints.pick, {
    tags,
    handler: (request) => pick(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.short, {
    tags,
    handler: (request) => shortPick(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.skip, {
    tags,
    handler: (request) => skipLine(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.zeroCheck, {
    tags,
    handler: (request) => zeroCheck(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.flush, {
    tags,
    handler: (request) => flushPickList(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.boxTypes, { tags, handler: () => listBoxTypes(ctx) });
  route(app, endpoints.containers, { tags, handler: (request) => listContainers(ctx, request.params.code) });
  route(app, endpoints.createContainer, {
    tags,
    handler: (request) => createContainer(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.closeContainer, {
    tags,
    handler: (request) => closeContainer(ctx, request.params.container, request.body),
  });
  route(app, endpoints.reopenContainer, {
    tags,
    handler: (request) => reopenContainer(ctx, request.params.container),
  });
  route(app, endpoints.containerLabel, {
    tags,
    handler: async (request, reply) => {
      const { container } = request.params;
      if (request.body.printer !== undefined) {
        const printed = await printContainerLabel(ctx, requirePrincipal(request), container, request.body.printer);
        return reply.send(printed);
      }
      const document = await containerLabelPdf(ctx, container);
      if (document === null) return reply.code(204).send();
      return reply
        .header('content-type', document.mediaType)
        .header('content-disposition', `inline; filename="container-${encodeURIComponent(container)}.pdf"`)
        .send(document.bytes);
    },
  });
}
