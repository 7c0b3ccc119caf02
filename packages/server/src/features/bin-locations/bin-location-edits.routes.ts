import {
  binLocationCodeParamSchema,
  binLocationSchema,
  locationLabelRequestSchema,
  locationTypeParamSchema,
  physicalLocationTypeParamSchema,
  printAnswerSchema,
  readyForProcessingParamSchema,
  setCountingStateRequestSchema,
  setLocationBarcodeRequestSchema,
  setPreferredOrderRequestSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal } from '../../http/access.js';
import * as edits from './bin-location-edits.service.js';

const information = anyRole('information');
const editLocation = anyRole('informationAuthEditLocation');
const setCountingState = anyRole('informationAuthSetCountingState');
const barcodeSetup = anyRole('barcodeSetup');
const tags = ['bin locations'];
const answer = { 200: binLocationSchema };

/** Bin location edits and labels; each edit answers the updated location (contract bin-locations.ts). */
export function registerBinLocationEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/bin_location/:code/preferredOrder',
    {
      config: editLocation,
      schema: { tags, params: binLocationCodeParamSchema, body: setPreferredOrderRequestSchema, response: answer },
    },
    async (request) => edits.setPreferredOrder(ctx, request.params.code, request.body.orderCode),
  );

  api.post(
    '/api/v1/bin_location/:code/set_counting',
    {
      config: setCountingState,
      schema: { tags, params: binLocationCodeParamSchema, body: setCountingStateRequestSchema, response: answer },
    },
    async (request) => edits.setCountingState(ctx, request.params.code, request.body),
  );

  api.post(
    '/api/v1/bin_location/:code/readyForProcessing/:ready',
    { config: editLocation, schema: { tags, params: readyForProcessingParamSchema, response: answer } },
    async (request) => edits.setReadyForProcessing(ctx, request.params.code, request.params.ready),
  );

  api.post(
    '/api/v1/bin_location/:code/barcode',
    {
      config: barcodeSetup,
      schema: { tags, params: binLocationCodeParamSchema, body: setLocationBarcodeRequestSchema, response: answer },
    },
    async (request) => edits.setBarcode(ctx, request.params.code, request.body.barcode),
  );

  api.post(
    '/api/v1/bin_location/:code/type/:type',
    { config: barcodeSetup, schema: { tags, params: locationTypeParamSchema, response: answer } },
    async (request) => edits.setLocationType(ctx, request.params.code, request.params.type),
  );

  api.post(
    '/api/v1/bin_location/:code/physical_type/:type',
    { config: barcodeSetup, schema: { tags, params: physicalLocationTypeParamSchema, response: answer } },
    async (request) => edits.setPhysicalLocationType(ctx, request.params.code, request.params.type),
  );

  for (const [path, size] of [
    ['/api/v1/bin_location/label', 'normal'],
    ['/api/v1/bin_location/large_label', 'large'],
  ] as const) {
    api.post(
      path,
      { config: information, schema: { tags, body: locationLabelRequestSchema, response: { 200: printAnswerSchema } } },
      async (request) => edits.printLocationLabels(ctx, requirePrincipal(request), request.body, size),
    );
  }
}
