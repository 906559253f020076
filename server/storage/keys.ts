import { randomBytes } from 'node:crypto';

/** A storage name: 128 random bits, made by the server (never from the uploader's file name). */
export const newStorageKey = (): string => `f-${randomBytes(16).toString('hex')}`;
