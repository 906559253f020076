/** One file's upload (prepare, then the bytes): client/lib/api/upload-file.ts, shared with other features. */
export { prepareFile, uploadFile, uploadTo } from '../../../lib/api/upload-file.ts';
