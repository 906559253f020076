/**
 * Where the bytes of uploaded files live (issue 9): the database (embedded default) or an
 * S3-compatible object storage, chosen by environment (STORAGE_DRIVER). Both take and give
 * streams, so a 20 MB file crosses the process a chunk at a time, never whole. Keys are made
 * by the storage itself: a user's file name never becomes a storage name.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** The name the storage made for these bytes. */
  key: string;
  /** Bytes stored. */
  size: number;
}

export interface Storage {
  readonly driver: 'database' | 's3';
  /**
   * Stores the stream's bytes under a new key. If the stream fails (too large, wrong type, the
   * client went away), nothing stays stored and the stream's error is thrown.
   */
  put(body: Readable): Promise<StoredObject>;
  /** The bytes under `key`, streamed; undefined when there are none. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the bytes under `key` (nothing when there are none). */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
