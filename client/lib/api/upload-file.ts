/**
 * Files (spec 001 §7): POST /files/prepare {name} → {id, upload_url}, then the bytes to
 * upload_url as multipart (field `file`, one file), through the same API client. The answer then
 * holds the file's id. Shared by every feature that uploads one file (questionnaire answers,
 * therapeutic content).
 */
import { fileRoutes } from '../../../schemas/api/files.ts';
import { call } from './client.ts';

export const prepareFile = (name: string, signal?: AbortSignal) =>
  call(fileRoutes.prepare, { body: { name: name.slice(0, 255) || 'file' }, signal });

/** The bytes of a prepared file (the address upload_url names: POST /files/{id}/upload). */
export function uploadTo(fileId: string, file: Blob, name: string, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, name);
  return call(fileRoutes.upload, { params: { id: fileId }, body, signal });
}

/** prepare → upload: the id the answer holds. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<string> {
  const prepared = await prepareFile(file.name, signal);
  await uploadTo(prepared.id, file, file.name, signal);
  return prepared.id;
}
