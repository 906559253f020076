/**
 * `npm start`: config → database (migrations applied) → demo data → listen → clean close on
 * SIGINT/SIGTERM. Prints where to log in and with which demo accounts.
 */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirectoryLockedError } from './db/lock.ts';
import { buildGateway } from './app.ts';
import { provisionDemo } from './demo/provision.ts';
import { provisionDemoAssignments } from './demo/assignments.ts';
import { provisionDemoMonitoring } from './demo/monitoring.ts';
import { provisionDemoDocuments } from './demo/documents.ts';
import { provisionDemoMessages } from './demo/messages.ts';
import { provisionDemoEducation } from './demo/education.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/accounts.ts';
import { closeOnSignals, fail } from './process.ts';
import jobs from './jobs/plugin.ts';
import { startDemoIdentitySimulator } from './demo/identity-simulator.ts';
import { devMailRoutes, startMailCatcher } from './notifications/mail-catcher.ts';

const startedAt = performance.now();
try {
  let config = loadConfig();
  // Outside production without SMTP_URL: a local mail catcher receives the notification e-mails, listed at /dev/mail.
  const mailCatcher = !config.production && !config.notifications.smtpUrl ? await startMailCatcher(config.notifications.mailCatcherPort) : undefined;
  if (mailCatcher) config = { ...config, notifications: { ...config.notifications, smtpUrl: mailCatcher.url } };
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const demo = config.demoData ? await provisionDemo(database.db) : 'off';
  if (demo === 'provisioned' && config.production) {
    console.warn(`\n  DEMO_DATA=true in production: demo accounts were created with the published password ${DEMO_PASSWORD}.\n`);
  }
  // Demo mode without IDENTITY_SERVICE_URL: the identity-service simulator, on its own port, before the app reads its address.
  const identitySimulator = await startDemoIdentitySimulator(config);
  const app = await buildGateway({ config, database });
  if (identitySimulator) app.addHook('onClose', () => identitySimulator.close());
  if (mailCatcher) {
    devMailRoutes(app, mailCatcher);
    app.addHook('onClose', () => mailCatcher.close());
  }
  // Scheduled jobs (pg-boss): automatic close of files past their end date.
  await app.register(jobs);
  // The gateway has synced the provisioned questionnaires: the demo patients get theirs.
  if (config.demoData) {
    await provisionDemoAssignments(database.db);
    // Then their telemonitoring: a protocol, 90 days of measures, their alerts (after the questionnaires it assigns).
    await provisionDemoMonitoring(database.db);
    // Documents with their bytes, through the gateway's storage (database or S3).
    await provisionDemoDocuments(database.db, app.storage);
    // Conversations, with a photo and a PDF through the same storage.
    await provisionDemoMessages(database.db, app.storage);
    // The Cardiologie library of therapeutic content: a PDF, an image, a YouTube video.
    await provisionDemoEducation(database.db, app.storage);
  }
  closeOnSignals(app, database);
  await app.listen({ port: config.port, host: config.host });

  const url = config.publicUrl.origin;
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Telesuivi is ready at ${url}  (${where}${config.careApiUrl ? `, care API at ${config.careApiUrl}` : ''})`,
    `  Log in at ${url}/auth/login`,
    `  Ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s, ${Math.round(process.memoryUsage().rss / 1048576)} MB resident`,
  ];
  if (demo !== 'off') {
    lines.push('', `  Demo accounts (${demo === 'provisioned' ? 'just created' : 'already present'}), password for all: ${DEMO_PASSWORD}`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(42)} ${a.case}`);
  }
  if (identitySimulator) {
    lines.push('', `  Identity service: simulator at ${identitySimulator.url} (test identities in server/identity-service/test-identities.ts:`,
      '    DUPRÉ Hélène found, MARTIN Jean several matches, INCONNU Personne not found, PANNE Serveur service error, LENTEUR Paul slow)');
  }
  if (mailCatcher) lines.push('', `  E-mails (mail catcher at ${mailCatcher.url}): ${url}/dev/mail`);
  console.log(lines.join('\n') + '\n');
} catch (error) {
  if (error instanceof DataDirectoryLockedError || error instanceof ConfigError) fail(error.message);
  throw error;
}
