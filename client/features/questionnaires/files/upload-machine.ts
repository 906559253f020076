/**
 * A file question's states (spec 000 §4, 001 §4): idle, uploading, uploaded, failed; a failed
 * file stays ready to be sent again (retry). A file of a type the question does not accept, or
 * too large, is refused before any upload. Pure: the widget runs the uploads.
 */
export type Refusal = 'type' | 'size';
export type Failure = 'network' | 'refused' | 'session' | 'server';

export interface PickedFile { name: string; type: string; size: number }

export type UploadState<F extends PickedFile = PickedFile> =
  | { status: 'idle'; refused?: Refusal; refusedName?: string }
  | { status: 'uploading'; file: F; attempt: number }
  | { status: 'uploaded'; fileId: string; name?: string; file?: F }
  | { status: 'failed'; file: F; attempt: number; failure: Failure };

export type UploadEvent<F extends PickedFile = PickedFile> =
  | { type: 'pick'; file: F; accept: readonly string[]; maxSizeMb: number }
  | { type: 'succeeded'; fileId: string }
  | { type: 'failed'; failure: Failure }
  | { type: 'retry' }
  | { type: 'remove' };

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

/** Checked by MIME type, or by extension when the browser gives none; the server checks the bytes. */
export function checkFile(file: PickedFile, accept: readonly string[], maxSizeMb: number): Refusal | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? accept.includes(file.type) : accept.some((type) => EXTENSIONS[type]?.includes(extension));
  if (!typeOk) return 'type';
  if (file.size > maxSizeMb * 1_048_576) return 'size';
  return undefined;
}

/** The `accept` attribute of the file input. */
export const acceptAttribute = (accept: readonly string[]) =>
  [...accept, ...accept.flatMap((type) => (EXTENSIONS[type] ?? []).map((e) => `.${e}`))].join(',');

export const initialUploadState = (fileId?: string): UploadState => (fileId ? { status: 'uploaded', fileId } : { status: 'idle' });

export function uploadReducer<F extends PickedFile>(state: UploadState<F>, event: UploadEvent<F>): UploadState<F> {
  switch (event.type) {
    case 'pick': {
      if (state.status === 'uploading') return state;
      const refused = checkFile(event.file, event.accept, event.maxSizeMb);
      return refused ? { status: 'idle', refused, refusedName: event.file.name } : { status: 'uploading', file: event.file, attempt: 1 };
    }
    case 'succeeded':
      return state.status === 'uploading' ? { status: 'uploaded', fileId: event.fileId, name: state.file.name, file: state.file } : state;
    case 'failed':
      return state.status === 'uploading' ? { status: 'failed', file: state.file, attempt: state.attempt, failure: event.failure } : state;
    case 'retry':
      return state.status === 'failed' ? { status: 'uploading', file: state.file, attempt: state.attempt + 1 } : state;
    case 'remove':
      return state.status === 'uploading' ? state : { status: 'idle' };
  }
}

/** What an upload error means for the patient. */
export function failureOf(error: unknown): Failure {
  const status = (error as { status?: number }).status;
  if (status === undefined) return 'network';
  if (status === 401) return 'session';
  if (status === 400 || status === 413 || status === 415) return 'refused';
  return 'server';
}
