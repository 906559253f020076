/**
 * The S3-compatible storage (MinIO in docker-compose, or any S3 service): uploads go through
 * lib-storage's Upload, which sends a stream of unknown length as a multipart upload, holding
 * at most PART_BYTES × QUEUE parts; downloads stream the object's body.
 */
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { newStorageKey } from './keys.ts';
import type { Storage, StoredObject } from './types.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO...); absent for AWS itself. */
  endpoint?: string;
  /** Absent: the SDK's own chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key), as MinIO and most S3-compatible servers expect. */
  forcePathStyle: boolean;
}

/** S3's smallest part; two in flight at most per upload. */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

export function s3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers do not all accept the
    // SDK's default trailing checksums (aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    driver: 's3',

    async put(body: Readable): Promise<StoredObject> {
      const Key = newStorageKey();
      let size = 0;
      let bodyError: unknown;
      async function* counted() {
        try {
          for await (const data of body) {
            const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);
            size += buffer.length;
            yield buffer;
          }
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({ client, params: { Bucket, Key, Body: Readable.from(counted(), { objectMode: false }) }, partSize: PART_BYTES, queueSize: QUEUE });
      try {
        await upload.done();
      } catch (error) {
        // Upload aborts its multipart upload itself; a single-part object may exist already.
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
        // The body's own error (too large, cut off) says why, rather than what aborting the upload answered.
        throw bodyError ?? error;
      }
      return { key: Key, size };
    },

    async get(key: string): Promise<Readable | undefined> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async close() {
      client.destroy();
    },
  };
}
