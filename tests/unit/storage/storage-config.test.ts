/** STORAGE_DRIVER and the S3_* variables → config.storage (server/config.ts), and what start-up refuses. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';

describe('storage configuration', () => {
  it('keeps files in the database by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'database' });
  });

  it('reads an S3-compatible storage from the S3_* variables', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'telesuivi-files', S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'telesuivi', S3_SECRET_ACCESS_KEY: 'a-secret-of-the-deployment',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://minio:9000', bucket: 'telesuivi-files', region: 'us-east-1', forcePathStyle: true,
        credentials: { accessKeyId: 'telesuivi', secretAccessKey: 'a-secret-of-the-deployment' },
      },
    });
    // No key pair: the AWS SDK's own chain (environment, instance role).
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-files' }).storage).toMatchObject({ s3: { credentials: undefined, forcePathStyle: false } });
  });

  it.each([
    ['no bucket', { STORAGE_DRIVER: 's3' }, /S3_BUCKET is required/],
    ['a key without its secret', { STORAGE_DRIVER: 's3', S3_BUCKET: 'b-files', S3_ACCESS_KEY_ID: 'k' }, /set together/],
    ['an unknown driver', { STORAGE_DRIVER: 'ftp' }, /STORAGE_DRIVER/],
  ])('refuses %s', (_case, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("refuses MinIO's published secret in production", () => {
    const env = {
      APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://app:Zq8-unguessable-7Hw@db/app',
      STORAGE_DRIVER: 's3', S3_BUCKET: 'b-files', S3_ACCESS_KEY_ID: 'minioadmin', S3_SECRET_ACCESS_KEY: 'minioadmin',
    };
    expect(() => loadConfig(env)).toThrow(/S3_SECRET_ACCESS_KEY is a published default/);
  });
});

describe('docker-compose.yml storage', () => {
  const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');
  const lines = compose.split('\n').filter((line) => !line.trimStart().startsWith('#')).join('\n');

  it('has no default for MINIO_ROOT_PASSWORD: compose refuses to start without it', () => {
    const uses = [...lines.matchAll(/\$\{MINIO_ROOT_PASSWORD([^}]*)\}/g)].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) expect(use).toMatch(/^:\?./);
  });

  it('runs MinIO, creates the bucket, and points the care API at it', () => {
    expect(lines).toMatch(/image: minio\/minio/);
    expect(lines).toMatch(/mc mb --ignore-existing/);
    expect(lines).toMatch(/STORAGE_DRIVER: s3/);
    expect(lines).toMatch(/S3_ENDPOINT: http:\/\/minio:9000/);
  });
});
