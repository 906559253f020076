/** The database and the clock, shared by every route plugin. The clock is injectable for tests. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    now: () => Date;
  }
}

export default fp(async function db(app: FastifyInstance, opts: { database: Database; now: () => Date }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('now', opts.now);
  // A connection PostgreSQL ended is logged, never the process's end (db/client.ts).
  opts.database.onConnectionError((err) => app.log.error({ err }, 'database connection lost'));
}, { name: 'db' });
