import {
  defaultItemLocationSchema,
  defaultItemLocationsAnswerSchema,
  defaultLocationsQuerySchema,
  itemCodeParamSchema,
  itemLabelRequestSchema,
  itemSchema,
  itemWarehouseParamSchema,
  managedByParamSchema,
  printAnswerSchema,
  setDefaultLocationRequestSchema,
  setItemBarcodeRequestSchema,
  setManagedByAnswerSchema,
  setManagedByRequestSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal } from '../../http/access.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { getDefaultLocations, setDefaultLocation } from './default-locations.service.js';
import { setBarcode } from './item-barcodes.service.js';
import { printItemLabels } from './item-labels.service.js';
import { setManagedBy } from './managed-by.service.js';

const tags = ['items'];

/**
 * Item actions (contract item-actions.ts): default locations, barcodes, management type and
 * labels (the image: item-image.routes.ts). Roles: information (reads, labels),
 * defaultItemBinLocationEdit, barcodeSetup (barcodes: master-data editing), itemManagedByEdit.
 */
export function registerItemActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/item/:code/default_bin_locations',
    {
      config: anyRole('information'),
      schema: {
        tags,
        params: itemCodeParamSchema,
        querystring: defaultLocationsQuerySchema,
        response: { 200: defaultItemLocationsAnswerSchema },
      },
    },
    (request) => getDefaultLocations(ctx, request.params.code, request.query.filter),
  );

  api.post(
    '/api/v1/item/:code/default_bin_locations/:whsCode',
    {
      config: anyRole('defaultItemBinLocationEdit'),
      schema: {
        tags,
        params: itemWarehouseParamSchema,
        body: setDefaultLocationRequestSchema,
        response: { 200: defaultItemLocationSchema },
      },
    },
    (request) => setDefaultLocation(ctx, request.params.code, request.params.whsCode, request.body),
  );

  api.post(
    '/api/v1/item/:code/barcode',
    {
      config: anyRole('barcodeSetup'),
      schema: { tags, params: itemCodeParamSchema, body: setItemBarcodeRequestSchema, response: { 200: itemSchema } },
    },
    (request) => setBarcode(ctx, request.params.code, request.body),
  );

  api.post(
    '/api/v1/item/:code/managedBy/:type',
    {
      config: anyRole('itemManagedByEdit'),
      schema: {
        tags,
        params: managedByParamSchema,
        body: setManagedByRequestSchema,
        response: { 200: setManagedByAnswerSchema },
      },
    },
    async (request, reply) => {
      const result = await setManagedBy(
        ctx,
        requirePrincipal(request),
        request.params.code,
        request.params.type,
        request.body,
        idempotencyKeyOf(request),
      );
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  );

  for (const [path, size] of [
    ['/api/v1/item/label', 'normal'],
    ['/api/v1/item/large_label', 'large'],
  ] as const) {
    api.post(
      path,
      {
        config: anyRole('information'),
        schema: { tags, body: itemLabelRequestSchema, response: { 200: printAnswerSchema } },
      },
      (request) => printItemLabels(ctx, requirePrincipal(request), request.body, size),
    );
  }
}
