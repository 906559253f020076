import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own database (in-memory PGlite, or a throwaway PostgreSQL database).
    fileParallelism: true,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
