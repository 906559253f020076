/** The storage the configuration names (STORAGE_DRIVER), and the plugin that gives it to every route as `app.storage`. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { databaseStorage } from './database.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredObject } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function createStorage(config: Config['storage'], db: Db): Storage {
  return config.driver === 's3' ? s3Storage(config.s3) : databaseStorage(db);
}

/** After the db plugin (the database storage writes through app.db). */
export default fp(async function storage(app: FastifyInstance, opts: { config: Config['storage'] }) {
  const store = createStorage(opts.config, app.db);
  app.decorate('storage', store);
  app.addHook('onClose', async () => store.close());
}, { name: 'storage', dependencies: ['db'] });
