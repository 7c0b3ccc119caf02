import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest, migrations } from './migrate.js';
import { seedDemoData } from './seed/demo.js';

describe('migrations and demo seed', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
    handle = undefined;
    database = undefined;
  });

  it('applies every migration once and records it', async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    const applied = await migrateToLatest(handle);
    expect(applied).toEqual(migrations.map((m) => m.name));
    expect(await migrateToLatest(handle)).toEqual([]);
    const recorded = await handle.db
      .selectFrom('schema_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    expect(recorded.map((r) => (r as { name: string }).name)).toEqual(migrations.map((m) => m.name));

    // A restart (a new connection) applies nothing again.
    await handle.close();
    handle = openDatabase(database.url);
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it('seeds demo data only into an empty database', async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    await migrateToLatest(handle);
    expect(await seedDemoData(handle.db)).toBe(true);
    const count = async (table: 'app_user' | 'erp_user' | 'system_setting') =>
      Number(
        (
          await handle!.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const users = await count('app_user');
    const erpUsers = await count('erp_user');
    expect(users).toBeGreaterThanOrEqual(6);
    const settings = await handle.db.selectFrom('system_setting').selectAll().executeTakeFirstOrThrow();

    // A second start leaves everything as it is, even after an admin changed the settings.
    await handle.db
      .updateTable('system_setting')
      .set({ version: settings.version + 1 })
      .execute();
    expect(await seedDemoData(handle.db)).toBe(false);
    expect(await count('app_user')).toBe(users);
    expect(await count('erp_user')).toBe(erpUsers);
    expect(await count('system_setting')).toBe(1);
    const after = await handle.db.selectFrom('system_setting').selectAll().executeTakeFirstOrThrow();
    expect(after.version).toBe(settings.version + 1);
  });
});
