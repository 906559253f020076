/**
 * The files a person attaches to a new document or a message (spec 001 §7 "Uploaded file"):
 * each is sent as soon as it is chosen, several at once, and goes idle → uploading (with its progress) →
 * uploaded, or failed: a failed file stays in the queue with its reason and is sent again by
 * retry. Removing a file aborts its upload. Uploads go through the files contract: prepare, then
 * the bytes (multipart), the answer's id being what the document then takes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileRoutes } from '../../../schemas/api/files.ts';
import { call } from './client.ts';

export type UploadState = 'idle' | 'uploading' | 'uploaded' | 'failed';

export interface QueuedFile {
  key: number;
  file: File;
  state: UploadState;
  /** 0 to 1 while uploading. */
  progress: number;
  /** The uploaded file's id (state uploaded). */
  fileId?: string;
  /** Why it failed, in the user's language when the server said it. */
  error?: string;
}

async function upload(file: File, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<string> {
  const prepared = await call(fileRoutes.prepare, { body: { name: file.name.slice(0, 255) || 'document' }, signal });
  const body = new FormData();
  body.append('file', file, file.name);
  await call(fileRoutes.upload, { params: { id: prepared.id }, body, signal, onUploadProgress: onProgress });
  return prepared.id;
}

export function useUploadQueue() {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const next = useRef(0);
  const running = useRef(new Map<number, AbortController>());

  const patch = useCallback((key: number, change: Partial<QueuedFile>) =>
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f))), []);

  const start = useCallback((key: number, file: File) => {
    const controller = new AbortController();
    running.current.set(key, controller);
    patch(key, { state: 'uploading', progress: 0, error: undefined });
    upload(file, controller.signal, (progress) => patch(key, { progress }))
      .then((fileId) => patch(key, { state: 'uploaded', progress: 1, fileId }))
      .catch((error: unknown) => { if (!controller.signal.aborted) patch(key, { state: 'failed', error: error instanceof Error ? error.message : String(error) }); })
      .finally(() => running.current.delete(key));
  }, [patch]);

  const add = useCallback((chosen: readonly File[]) => {
    const queued = chosen.map((file) => ({ key: next.current++, file, state: 'idle' as const, progress: 0 }));
    setFiles((all) => [...all, ...queued]);
    for (const q of queued) start(q.key, q.file);
  }, [start]);

  const retry = useCallback((key: number) => {
    const queued = files.find((f) => f.key === key);
    if (queued) start(key, queued.file);
  }, [files, start]);

  const remove = useCallback((key: number) => {
    running.current.get(key)?.abort();
    setFiles((all) => all.filter((f) => f.key !== key));
  }, []);

  // Leaving the screen stops what is still being sent.
  useEffect(() => () => { for (const controller of running.current.values()) controller.abort(); }, []);

  return { files, add, retry, remove, busy: files.some((f) => f.state === 'uploading' || f.state === 'idle') };
}
