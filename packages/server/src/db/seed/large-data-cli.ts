import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { defaultLargeDataOptions, generateLargeData } from './large-data.js';

/**
 * `npm run seed:large -- --items 100000 --locations 20000 --stock 1000000`: fills the database
 * of DATABASE_URL (or the SQLite file under DATA_DIR) with the bench's large data set.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: String(defaultLargeDataOptions.items) },
      locations: { type: 'string', default: String(defaultLargeDataOptions.locations) },
      stock: { type: 'string', default: String(defaultLargeDataOptions.stock) },
    },
  });
  const count = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not ${text}`);
    return n;
  };
  const options = {
    items: count('items', values.items),
    locations: count('locations', values.locations),
    stock: count('stock', values.stock),
  };
  const config = loadConfig(process.env);
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle);
    const result = await generateLargeData(handle, options, (line) => console.log(line));
    if (!result.skipped) {
      console.log(
        `large data set: ${result.items} items, ${result.locations} bin locations, ${result.stock} stock rows in ${(result.milliseconds / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
