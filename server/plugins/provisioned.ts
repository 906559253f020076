/** The provisioned files (layouts and themes), loaded and watched once per process. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ProvisionedFiles } from '../shared/provisioned-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    provisioned: ProvisionedFiles;
  }
}

export default fp(async function provisioned(app: FastifyInstance, opts: { dir: string }) {
  const files = new ProvisionedFiles(opts.dir, app.log);
  files.start();
  app.decorate('provisioned', files);
  app.addHook('onClose', async () => files.close());
}, { name: 'provisioned' });
