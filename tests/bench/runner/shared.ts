/**
 * What the runner and its workers share for one run, through the environment: the run's
 * directory, smoke mode, and where the demo data the first steps make are kept for the others.
 */
import path from 'node:path';

const tmp = process.env.BENCH_TMP ?? '';

export const shared = {
  tmp,
  smoke: process.env.BENCH_SMOKE === '1',
  /** PGlite data directory with the demo data (step `demo-pglite`), copied by each PGlite step. */
  pgliteDemo: path.join(tmp, 'pglite-demo'),
  pgliteDemoReady: path.join(tmp, 'pglite-demo.ready'),
  /** PostgreSQL database with the demo data (step `demo-postgres`), the template of each PostgreSQL step's. */
  postgresTemplate: process.env.BENCH_PG_TEMPLATE ?? '',
  postgresDemoReady: path.join(tmp, 'postgres-demo.ready'),
};

export function sharedEnv(values: { tmp: string; smoke: boolean; postgresTemplate: string }): Record<string, string> {
  return { BENCH_TMP: values.tmp, BENCH_SMOKE: values.smoke ? '1' : '0', BENCH_PG_TEMPLATE: values.postgresTemplate };
}
