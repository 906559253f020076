/**
 * A real S3-protocol server for the S3 storage's tests: the one TEST_S3_ENDPOINT names (MinIO
 * of docker-compose, say: TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY beside
 * it; the bucket must exist), or else s3rver (npm), an S3 server written in Node, started in the
 * test process on a free port with its files in a temporary directory. No MinIO binary can be
 * installed here (npm and Debian packages only): s3rver is what speaks the protocol in CI.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../server/storage/s3.ts';

export interface TestS3 {
  config: S3StorageConfig;
  /** The keys in the bucket. */
  keys(): Promise<string[]>;
  /** Parts of multipart uploads not completed yet, received by the server. */
  pendingParts(): Promise<number>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  let close = async () => {};
  let config: S3StorageConfig;
  let s3rverParts: (() => number) | undefined;
  if (endpoint) {
    const accessKeyId = process.env.TEST_S3_ACCESS_KEY_ID;
    const secretAccessKey = process.env.TEST_S3_SECRET_ACCESS_KEY;
    config = {
      endpoint, bucket: process.env.TEST_S3_BUCKET ?? 'telesuivi-test', region: process.env.TEST_S3_REGION ?? 'us-east-1', forcePathStyle: true,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    };
  } else {
    const directory = mkdtempSync(path.join(tmpdir(), 'telesuivi-s3-'));
    const bucket = 'telesuivi-test';
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    const { port } = await server.run();
    config = {
      endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', forcePathStyle: true,
      // s3rver's own published pair: it checks signatures with it.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    // s3rver keeps each part of an upload in progress as a file named by its number under …uploads/<id>/.
    s3rverParts = () => readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /^\d+$/.test(e.name) && e.parentPath.split(path.sep).some((segment) => segment.endsWith('uploads'))).length;
    close = async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    };
  }
  const client = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials: config.credentials });
  return {
    config,
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys;
    },
    async pendingParts() {
      if (s3rverParts) return s3rverParts();
      const uploads = (await client.send(new ListMultipartUploadsCommand({ Bucket: config.bucket }))).Uploads ?? [];
      let parts = 0;
      for (const u of uploads) parts += ((await client.send(new ListPartsCommand({ Bucket: config.bucket, Key: u.Key, UploadId: u.UploadId }))).Parts ?? []).length;
      return parts;
    },
    async close() {
      client.destroy();
      await close();
    },
  };
}
