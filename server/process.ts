/** Process lifecycle shared by the entry points. */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';

export function fail(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

/** Stops accepting calls, lets running ones finish, then closes the database (and its lock). */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean close');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}
