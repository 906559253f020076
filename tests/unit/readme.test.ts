import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../schemas/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/accounts.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(Object.keys(envSchema.properties))('documents the environment variable %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it.each(DEMO_ACCOUNTS.map((a) => a.email))('lists the demo account %s', (email) => {
    expect(readme).toContain(email);
  });

  it('gives the demo password and the two commands', () => {
    expect(readme).toContain(DEMO_PASSWORD);
    expect(readme).toMatch(/npm start/);
    expect(readme).toMatch(/npm test/);
  });
});
