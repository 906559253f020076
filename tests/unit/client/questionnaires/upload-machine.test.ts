/** A file question's states (spec 000 §4): idle, uploading, uploaded, failed, and retry of a failed file. */
import { describe, expect, it } from 'vitest';
import {
  acceptAttribute, checkFile, failureOf, initialUploadState, uploadReducer, type PickedFile, type UploadEvent, type UploadState,
} from '../../../../client/features/questionnaires/files/upload-machine.ts';

const IMAGES = ['image/png', 'image/jpeg'] as const;
const png: PickedFile = { name: 'plaie.png', type: 'image/png', size: 2_000_000 };
const pdf: PickedFile = { name: 'cr.pdf', type: 'application/pdf', size: 1000 };
const pick = (file: PickedFile, accept: readonly string[] = IMAGES, maxSizeMb = 10): UploadEvent => ({ type: 'pick', file, accept, maxSizeMb });
const uploading: UploadState = { status: 'uploading', file: png, attempt: 1 };
const failed: UploadState = { status: 'failed', file: png, attempt: 1, failure: 'network' };
const uploaded: UploadState = { status: 'uploaded', fileId: 'f1', name: 'plaie.png', file: png };

describe('checkFile', () => {
  it.each<[string, PickedFile, readonly string[], number, string | undefined]>([
    ['a png where images are asked', png, IMAGES, 10, undefined],
    ['a jpeg by its type', { name: 'a.jpeg', type: 'image/jpeg', size: 1 }, IMAGES, 10, undefined],
    ['a pdf where images are asked', pdf, IMAGES, 10, 'type'],
    ['a gif', { name: 'a.gif', type: 'image/gif', size: 1 }, ['image/png', 'image/jpeg', 'application/pdf'], 10, 'type'],
    ['no type from the browser: by extension (.JPG)', { name: 'PHOTO.JPG', type: '', size: 1 }, IMAGES, 10, undefined],
    ['no type and an unknown extension', { name: 'scan.heic', type: '', size: 1 }, IMAGES, 10, 'type'],
    ['over the size limit', { ...png, size: 10 * 1_048_576 + 1 }, IMAGES, 10, 'size'],
    ['exactly at the size limit', { ...png, size: 5 * 1_048_576 }, IMAGES, 5, undefined],
  ])('%s', (_label, file, accept, max, expected) => expect(checkFile(file, accept, max)).toBe(expected));
});

describe('uploadReducer', () => {
  it.each<[string, UploadState, UploadEvent, UploadState]>([
    ['idle + an accepted file → uploading', { status: 'idle' }, pick(png), uploading],
    ['idle + a refused type → idle, saying why', { status: 'idle' }, pick(pdf), { status: 'idle', refused: 'type', refusedName: 'cr.pdf' }],
    ['idle + too large → idle, saying why', { status: 'idle' }, pick({ ...png, size: 11 * 1_048_576 }), { status: 'idle', refused: 'size', refusedName: 'plaie.png' }],
    ['uploading + success → uploaded (keeps the file for its preview)', uploading, { type: 'succeeded', fileId: 'f1' }, uploaded],
    ['uploading + failure → failed', uploading, { type: 'failed', failure: 'network' }, failed],
    ['failed + retry → uploading again, same file, next attempt', failed, { type: 'retry' }, { status: 'uploading', file: png, attempt: 2 }],
    ['failed + another file → uploading it', failed, pick({ ...png, name: 'autre.png' }), { status: 'uploading', file: { ...png, name: 'autre.png' }, attempt: 1 }],
    ['uploaded + another file → uploading it (replace)', uploaded, pick(png), uploading],
    ['uploaded + remove → idle', uploaded, { type: 'remove' }, { status: 'idle' }],
    ['uploading + another pick → unchanged (one upload at a time)', uploading, pick({ ...png, name: 'x.png' }), uploading],
    ['uploading + remove → unchanged', uploading, { type: 'remove' }, uploading],
    ['idle + retry → unchanged', { status: 'idle' }, { type: 'retry' }, { status: 'idle' }],
    ['uploaded + a late failure → unchanged', uploaded, { type: 'failed', failure: 'server' }, uploaded],
  ])('%s', (_label, state, event, expected) => expect(uploadReducer(state, event)).toEqual(expected));

  it.each<[string | undefined, UploadState]>([[undefined, { status: 'idle' }], ['f9', { status: 'uploaded', fileId: 'f9' }]])(
    'starts from the answer (a restored draft holds the file id): %s', (value, expected) => expect(initialUploadState(value)).toEqual(expected),
  );
});

describe('failureOf', () => {
  it.each<[unknown, string]>([
    [new TypeError('Failed to fetch'), 'network'],
    [{ status: 401 }, 'session'],
    [{ status: 400, code: 'file_type_refused' }, 'refused'],
    [{ status: 413 }, 'refused'],
    [{ status: 500 }, 'server'],
    [{ status: 502 }, 'server'],
  ])('%j → %s', (error, expected) => expect(failureOf(error)).toBe(expected));
});

it('acceptAttribute lists types and extensions for the file picker', () => {
  expect(acceptAttribute(['image/png', 'image/jpeg'])).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
});
