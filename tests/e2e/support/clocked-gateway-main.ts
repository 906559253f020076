/**
 * The gateway of server/main.ts with a clock the test moves (IPC message `{ advanceHours }`),
 * so that planned questionnaires become late without waiting for days. Sessions last long
 * enough not to end when the clock jumps.
 */
import { loadConfig } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { buildGateway } from '../../../server/app.ts';
import { provisionDemo } from '../../../server/demo/provision.ts';
import { closeOnSignals } from '../../../server/process.ts';

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

process.on('message', (message: { advanceHours?: number }) => {
  if (typeof message.advanceHours === 'number') {
    offsetMs += message.advanceHours * 3_600_000;
    process.send?.({ offsetMs });
  }
});

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
await provisionDemo(database.db);
const app = await buildGateway({ config, database, now });
closeOnSignals(app, database);
await app.listen({ port: config.port, host: config.host });
