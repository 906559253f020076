/** `npm run start:api`: the care API alone, for split mode (the gateway proxies /api to it). */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirectoryLockedError } from './db/lock.ts';
import { buildCareApi } from './care-app.ts';
import { closeOnSignals, fail } from './process.ts';
import jobs from './jobs/plugin.ts';

try {
  const config = loadConfig(process.env, {}, 'care-api');
  if (!config.identitySigningKey) fail('IDENTITY_SIGNING_KEY is required to run the care API alone (split mode).');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const app = await buildCareApi({ config, database });
  // Scheduled jobs (pg-boss): one run per schedule across the gateway and every care API.
  await app.register(jobs);
  closeOnSignals(app, database);
  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Care API listening on http://${config.host}:${config.port}/api (identities signed by the gateway only)\n`);
} catch (error) {
  if (error instanceof DataDirectoryLockedError || error instanceof ConfigError) fail(error.message);
  throw error;
}
