import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerAnalyticsRoutes } from './analytics/analytics.routes.js';
import { registerApiKeyRoutes } from './api-keys/api-keys.routes.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerSessionTakeoverRoutes } from './auth/session-takeover.routes.js';
import { registerTransferTokenRoutes } from './auth/transfer-token.routes.js';
import { registerBinLocationEditRoutes } from './bin-locations/bin-location-edits.routes.js';
import { registerBinLocationRoutes } from './bin-locations/bin-locations.routes.js';
import { registerBroadcastRoutes } from './broadcasts/broadcasts.routes.js';
import { registerClaimRoutes } from './claims/claims.routes.js';
import { registerConfigRoutes } from './config/config.routes.js';
import { registerCustomGridRoutes } from './custom-grids/custom-grids.routes.js';
import { registerDocumentRoutes } from './documents/documents.routes.js';
import { registerErpOutboxRoutes } from './erp-outbox/erp-outbox.routes.js';
import { registerFileManagementRoutes } from './file-management/file-management.routes.js';
import { registerGoodsReturnRoutes } from './goods-returns/goods-returns.routes.js';
import { registerGoodsSortingRoutes } from './goods-sorting/goods-sorting.routes.js';
import { registerGoodsReceiptRoutes } from './goods-receipt/goods-receipt.routes.js';
import { registerIpRuleRoutes } from './ip-rules/ip-rules.routes.js';
import { registerItemActionRoutes } from './items/item-actions.routes.js';
import { registerItemImageRoutes } from './items/item-image.routes.js';
import { registerItemRoutes } from './items/items.routes.js';
import { registerLookupRoutes } from './lookups/lookups.routes.js';
import { registerPrinterRoutes } from './printers/printers.routes.js';
import { registerFinishedGoodsReceiptRoutes } from './production/finished-goods-receipt.routes.js';
import { registerProductionRoutes } from './production/production.routes.js';
import { registerSessionRoutes } from './sessions/sessions.routes.js';
import { registerLocationBlockRoutes } from './stock-transfer/location-block.routes.js';
import { registerStockTransferRoutes } from './stock-transfer/stock-transfer.routes.js';
import { registerSystemRoutes } from './system/system.routes.js';
import { registerTranslationRoutes } from './translations/translations.routes.js';
import { registerUserTaskTemplateRoutes } from './user-tasks/user-task-templates.routes.js';
import { registerUserTaskRoutes } from './user-tasks/user-tasks.routes.js';
import { registerWorkedTimeRoutes } from './user-tasks/worked-times.routes.js';
import { registerUserdataRoutes } from './userdata/userdata.routes.js';
import { registerUserRoutes } from './users/users.routes.js';

/**
 * Every feature's routes, registered here and nowhere else: each *.routes.ts file exports one
 * register function and registers no other file's routes. The order is the registration order.
 */
export async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerConfigRoutes(app, ctx);
  registerTranslationRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
  await registerAnalyticsRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerTransferTokenRoutes(app, ctx);
  registerSessionTakeoverRoutes(app, ctx);
  registerIpRuleRoutes(app, ctx);
  registerBroadcastRoutes(app, ctx);
  registerUserdataRoutes(app, ctx);
  registerPrinterRoutes(app, ctx);
  registerItemRoutes(app, ctx);
  registerItemActionRoutes(app, ctx);
  registerItemImageRoutes(app, ctx);
  registerBinLocationRoutes(app, ctx);
  registerBinLocationEditRoutes(app, ctx);
  registerLookupRoutes(app, ctx);
  registerCustomGridRoutes(app, ctx);
  registerStockTransferRoutes(app, ctx);
  registerLocationBlockRoutes(app, ctx);
  registerGoodsSortingRoutes(app, ctx);
  registerGoodsReturnRoutes(app, ctx);
  registerGoodsReceiptRoutes(app, ctx);
  registerUserTaskTemplateRoutes(app, ctx);
  registerUserTaskRoutes(app, ctx);
  registerWorkedTimeRoutes(app, ctx);
  registerProductionRoutes(app, ctx);
  registerFinishedGoodsReceiptRoutes(app, ctx);
  registerFileManagementRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerClaimRoutes(app, ctx);
  registerErpOutboxRoutes(app, ctx);
}
