/**
 * The steps of `npm run bench`, in order (runner/run-steps.ts runs each in a worker, under its
 * timeout). The first two make the demo data once, the way `npm start` does, for the others to
 * copy (a PGlite directory, a PostgreSQL template); a step whose copy is missing makes its own.
 * In smoke mode (BENCH_SMOKE=1) every step runs with tiny sizes: each code path, no figure worth
 * reading.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { COMPRESSION_THRESHOLD } from '../../server/plugins/compression.ts';
import { startServer } from './children.ts';
import { coldStart, type ColdStart } from './coldstart.ts';
import { measureCompressionThreshold } from './compression-threshold.ts';
import { formValidationBench, formValidationGoal } from './form-validation.ts';
import { patientFileSearchBench, patientFileSearchGoals } from './patient-file-search.ts';
import { patientFileHistoryBench, patientFileHistoryGoals } from './patient-file-history.ts';
import { measuresBench, measuresGoals } from './measures.ts';
import { messagesBench, messagesGoals } from './messages.ts';
import { alertsListBench, alertsListGoals } from './alerts-list.ts';
import { alertsListLoad } from './alerts-load.ts';
import { clientBundleBench } from './client-bundle.ts';
import { slowNetworkBench } from './client-slow-network.ts';
import { editorDragBench } from './editor-drag.ts';
import { indicatorChartBench } from './indicator-chart.ts';
import { questionnaireRenderBench, questionnaireRenderGoals } from './questionnaire-render.ts';
import { adminUrl, benchClient, databaseUrl, whenUnused } from './postgres.ts';
import type { Goal } from './report.ts';
import { shared } from './runner/shared.ts';
import type { Step, StepContext } from './runner/step.ts';
import { layouts, preferences, sessionLayer, splitMode } from './throughput.ts';
import { uploadBench } from './upload.ts';

/** A PostgreSQL database for the step, or a note that PostgreSQL is unreachable (then the step has nothing to do). */
async function postgres(context: StepContext): Promise<string | undefined> {
  const database = await context.postgresDemo();
  if (typeof database !== 'string') return database.url;
  context.note(`PostgreSQL step skipped: ${database}`);
  return undefined;
}

const asGoal = (g: { label: string; value: string; goal: string; met: boolean }): Goal => ({ name: g.label, value: g.value, goal: g.goal, met: g.met });

export const steps: Step[] = [
  {
    id: 'demo-pglite', title: 'first start on an empty PGlite directory: migrations and the demo data (copied by the PGlite steps)',
    timeoutSeconds: 600, smokeTimeoutSeconds: 300,
    async run(context) {
      const began = performance.now();
      const gateway = await startServer('gateway', { DATA_DIR: shared.pgliteDemo, DEMO_DATA: 'true' });
      const seconds = (performance.now() - began) / 1000;
      await gateway.stop();
      writeFileSync(shared.pgliteDemoReady, '');
      context.goal({ name: 'first start, creating the PGlite database and the demo data', value: `${seconds.toFixed(1)} s`, goal: 'reported', met: undefined });
    },
  },
  {
    id: 'session-layer-pglite', title: '(a) GET /api/me through the session layer vs a bare route, PGlite',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    run: (context) => sessionLayer(context, 'PGlite', { DATA_DIR: context.pgliteDemo() }),
  },
  {
    id: 'upload', title: 'upload of a 10 MB PDF through the gateway into the database storage: MB/s and resident memory, PGlite',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    run: (context) => uploadBench(context),
  },
  {
    id: 'layouts', title: '(4) GET /ui/layouts vs a bare Buffer route and @fastify/static, PGlite',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    run: (context) => layouts(context, context.pgliteDemo()),
  },
  {
    id: 'demo-postgres', title: 'the demo data on PostgreSQL, once (the template of the PostgreSQL steps)',
    timeoutSeconds: 600, smokeTimeoutSeconds: 300,
    async run(context) {
      // Created empty by the runner, which drops it at the end; absent when PostgreSQL is unreachable.
      const name = shared.postgresTemplate;
      if (!name) { context.note('PostgreSQL steps skipped: PostgreSQL is unreachable'); return; }
      const began = performance.now();
      const gateway = await startServer('gateway', { DATABASE_URL: databaseUrl(name), DEMO_DATA: 'true' });
      await gateway.stop();
      const admin = benchClient(adminUrl);
      await admin.connect();
      try {
        await whenUnused(name, admin);
      } finally {
        await admin.end();
      }
      writeFileSync(shared.postgresDemoReady, '');
      context.goal({ name: 'first start on an empty PostgreSQL database, with the demo data', value: `${((performance.now() - began) / 1000).toFixed(1)} s`, goal: 'reported', met: undefined });
    },
  },
  {
    id: 'session-layer-postgres', title: '(a) GET /api/me through the session layer vs a bare route, PostgreSQL, with request logs',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    async run(context) {
      const url = await postgres(context);
      if (url) await sessionLayer(context, 'PostgreSQL', { DATABASE_URL: url }, true);
    },
  },
  {
    id: 'preferences-postgres', title: 'PUT /api/me/timezone, the same choice again, vs GET /api/me, PostgreSQL',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    async run(context) {
      const url = await postgres(context);
      if (url) await preferences(context, { DATABASE_URL: url });
    },
  },
  {
    id: 'split-mode', title: '(b) split mode: GET /api/me through the gateway vs the care API called directly, PostgreSQL',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    async run(context) {
      const url = await postgres(context);
      if (url) await splitMode(context, url);
    },
  },
  {
    id: 'alerts-list-load', title: 'alerts list default page vs GET /api/me, 50 connections, PostgreSQL demo data',
    timeoutSeconds: 300, smokeTimeoutSeconds: 240,
    async run(context) {
      const url = await postgres(context);
      if (url) await alertsListLoad(context, url);
    },
  },
  {
    id: 'cold-start', title: '(c) cold start of server/main.ts on an existing PGlite database',
    timeoutSeconds: 400, smokeTimeoutSeconds: 240,
    async run(context) {
      const dataDir = context.pgliteDemo();
      const runs = context.smoke ? 1 : 3;
      const starts: ColdStart[] = [];
      for (let i = 0; i < runs; i++) {
        context.log(`cold start ${i + 1}/${runs}`);
        starts.push(await coldStart(dataDir));
      }
      const median = [...starts].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)]!;
      const mib = (n: number | undefined) => (n === undefined ? 'n/a' : `${n.toFixed(0)} MiB`);
      context.goal({
        name: `(c) cold start to ready, existing PGlite database (median of ${runs})`,
        value: `${median.seconds.toFixed(2)} s, ${mib(median.rssMiB)} resident (peak ${mib(median.peakMiB)})`,
        goal: 'reported', met: undefined,
      });
      context.note(`cold starts: ${starts.map((s) => `${s.seconds.toFixed(2)} s / ${mib(s.rssMiB)}`).join(', ')}`);
    },
  },
  {
    id: 'compression-threshold', title: 'JSON compression: compression time against transfer saved on 4G',
    timeoutSeconds: 300, smokeTimeoutSeconds: 120,
    async run(context) {
      const compression = await measureCompressionThreshold(context.smoke ? 5 : 200);
      context.goal({ name: 'JSON size from which compressing pays (4G 20 Mbit/s)', value: `${compression.threshold} B measured`, goal: `configured ${COMPRESSION_THRESHOLD} B`, met: undefined });
    },
  },
  {
    id: 'form-validation', title: 'server validation of questionnaire answers',
    timeoutSeconds: 120, smokeTimeoutSeconds: 120,
    async run(context) { context.goal(formValidationGoal(formValidationBench({ seconds: context.smoke ? 0.2 : 3 }))); },
  },
  {
    id: 'patient-file-search', title: 'patient-file search at 10k then 100k files, PostgreSQL',
    timeoutSeconds: 1200, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await patientFileSearchBench({
        log: context.log, createDatabase: () => context.postgresDemo(),
        ...(context.smoke ? { rounds: 1, files: { small: 200, large: 400 } } : {}),
      });
      for (const goal of patientFileSearchGoals(result)) context.goal(goal);
    },
  },
  {
    id: 'patient-file-history', title: 'patient-file history tab at 1M entries across 100k files, PostgreSQL over HTTP',
    timeoutSeconds: 1800, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await patientFileHistoryBench({ log: context.log, createDatabase: () => context.postgresDemo(), ...(context.smoke ? { files: 200, rounds: 1 } : {}) });
      for (const goal of patientFileHistoryGoals(result)) context.goal(goal);
    },
  },
  {
    id: 'messages', title: 'secure messaging: first page of a 10,000-message conversation, PostgreSQL over HTTP',
    timeoutSeconds: 600, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await messagesBench({ log: context.log, createDatabase: () => context.postgresDemo(), ...(context.smoke ? { count: 300, rounds: 1 } : {}) });
      for (const goal of messagesGoals(result)) context.goal(goal);
    },
  },
  {
    id: 'measures', title: 'measures stored with threshold evaluation, batches of 500, PostgreSQL over HTTP',
    timeoutSeconds: 600, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await measuresBench({ log: context.log, createDatabase: () => context.postgresDemo(), ...(context.smoke ? { batches: 2, concurrency: 1 } : {}) });
      for (const goal of measuresGoals(result)) context.goal(goal);
    },
  },
  {
    id: 'alerts-list', title: 'alerts list p95 at 1M measures and 100k alerts, PostgreSQL over HTTP',
    timeoutSeconds: 1800, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await alertsListBench({
        log: context.log, createDatabase: () => context.postgresDemo(),
        ...(context.smoke ? { files: 100, measuresPerFile: 5, alertsPerFile: 2, rounds: 1 } : {}),
      });
      for (const goal of alertsListGoals(result)) context.goal(goal);
    },
  },
  {
    id: 'client-bundle', title: 'client: bytes on the wire to the patient home, and its LCP', browser: true,
    timeoutSeconds: 400, smokeTimeoutSeconds: 180,
    async run(context) {
      await clientBundleBench(context.smoke ? 1 : undefined, { onGoal: (g) => context.goal(asGoal(g)), gatewayEnv: { DATA_DIR: context.pgliteDemo() } });
    },
  },
  {
    id: 'client-slow-network', title: 'client: a patient on Slow 4G with a 4× slower CPU, login page to patient home', browser: true,
    timeoutSeconds: 400, smokeTimeoutSeconds: 180,
    async run(context) {
      const result = await slowNetworkBench(context.smoke ? 1 : undefined, false, { DATA_DIR: context.pgliteDemo() });
      for (const goal of result.goals) context.goal(asGoal(goal));
    },
  },
  {
    id: 'editor-drag', title: 'interface editor: dragging across 60 blocks', browser: true,
    timeoutSeconds: 400, smokeTimeoutSeconds: 180,
    async run(context) {
      const result = await editorDragBench(context.smoke ? 1 : undefined, { DATA_DIR: context.pgliteDemo() });
      for (const goal of result.goals) context.goal(asGoal(goal));
    },
  },
  {
    id: 'indicator-chart', title: 'monitoring chart: one year of one indicator, click to painted, PostgreSQL', browser: true,
    timeoutSeconds: 600, smokeTimeoutSeconds: 240,
    async run(context) {
      const result = await indicatorChartBench(context.smoke ? 1 : undefined, { createDatabase: () => context.postgresDemo() });
      for (const goal of result.goals) context.goal(asGoal(goal));
    },
  },
  {
    id: 'questionnaire-render', title: 'questionnaire: 300 questions with rjsf', browser: true,
    timeoutSeconds: 600, smokeTimeoutSeconds: 240,
    async run(context) {
      for (const goal of questionnaireRenderGoals(await questionnaireRenderBench(context.smoke ? { rounds: 1, keys: 3 } : {}))) context.goal(goal);
    },
  },
];

/** BENCH_ONLY's older name for the two (a) steps. */
export const ALIASES: Record<string, string[]> = { 'session-layer': ['session-layer-pglite', 'session-layer-postgres'] };
