import { defaultSystemSettings, type SystemSettings } from '@wms/contract';
import { hashPassword } from '../../features/auth/secrets.js';
import { nowIso } from '../../util/time.js';
import type { Db } from '../database.js';
import { seedDemoInbound } from './demo-inbound.js';
import { seedDemoMasterData } from './demo-master-data.js';
import { seedDemoPricesAndTranslations } from './demo-prices-translations.js';
import { seedDemoPicking } from './demo-picking.js';
import { seedDemoDeliveries } from './demo-deliveries.js';
import { seedDemoPrinters } from './demo-printers.js';
import { seedDemoFinishedGoods } from './demo-finished-goods.js';
import { seedDemoProduction } from './demo-production.js';
import { seedDemoReturns } from './demo-returns.js';
import { seedDemoUserTasks } from './demo-user-tasks.js';
import { seedDemoAddressValidation } from './demo-address-validation.js';
import { seedDemoMultiAddress } from './demo-multi-address.js';
import { seedDemoCounting } from './demo-counting.js';
import { seedDemoCountingLists } from './demo-counting-lists.js';
import { seedDemoRecounting } from './demo-recounting.js';
import { demoUsers } from './demo-users.js';

const demoSettings: SystemSettings = {
  ...defaultSystemSettings,
  wmsHasBeenConfigured: true,
  warehouseName: 'Demo warehouse',
  customerId: 'demo',
  allowUsersToChangePassword: true,
  enabledExtensions: [
    ...defaultSystemSettings.enabledExtensions,
    'stockTransferEnhancements',
    'wallToWall',
    'production',
    'pickAndPack',
    'itemDefaultLocationUpdater',
    'orderImporters',
    // Issue 19: /packing_slip shows in the demo (the pack and delivery apps need no extension).
    'packingSlip',
    // Issue 19: /multi_address_delivery (the put wall) shows in the demo.
    'batchDelivery',
  ],
  // Issue 19: the dock loading app (/delivery_dispatch) shows in the demo.
  delivery: { ...defaultSystemSettings.delivery, enableDeliveryDispatchApplication: true },
};

/**
 * Fills an empty database with demo data on its first start. A database that already has
 * users is left alone, so restarting never duplicates or resets anything.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  const at = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('app_user')
      .values(
        demoUsers.map((u, i) => ({
          username: u.username,
          username_lower: u.username.toLowerCase(),
          password_hash: hashes[i] ?? '',
          roles: JSON.stringify(u.roles),
          settings: JSON.stringify({ preferredLanguage: 'en' }),
          created_at: at,
          updated_at: at,
          version: 1,
          active: 1,
          totp_enabled: 0,
        })),
      )
      .execute();
    await tx
      .insertInto('system_setting')
      .values({ id: 1, settings: JSON.stringify(demoSettings), version: 1, updated_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings: JSON.stringify(demoSettings), updated_at: at }))
      .execute();
    await tx
      .insertInto('erp_user')
      .values([
        { code: 'EMP001', name: 'Anna de Vries' },
        { code: 'EMP002', name: 'Jan Kowalski' },
        { code: 'EMP003', name: 'Lena Schmidt' },
      ])
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await seedDemoMasterData(tx, at);
    await seedDemoInbound(tx, at);
    await seedDemoReturns(tx, at);
    await seedDemoPrinters(tx, at);
    await seedDemoUserTasks(tx, at);
    await seedDemoProduction(tx, at);
    await seedDemoFinishedGoods(tx, at);
    await seedDemoPricesAndTranslations(tx, at);
    await seedDemoPicking(tx, at);
    await seedDemoDeliveries(tx, at);
    await seedDemoAddressValidation(tx, at);
    await seedDemoMultiAddress(tx, at);
    // Issue 20: /wall_to_wall has locations to count (01-CNT-01..03).
    await seedDemoCounting(tx, at);
    // Issue 20: /recounting has one open request (RECOUNT-DEMO-01 at 01-RCT-01, first counted by manager).
    await seedDemoRecounting(tx, at);
    // Issue 20: one CREATED counting list (01-STK-01..03) waiting for the batching mode.
    await seedDemoCountingLists(tx, at);
  });
  return true;
}
