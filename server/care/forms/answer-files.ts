/** The files an answer names (photos, letters), checked before the response takes them. */
import type { FormDefinition } from '../../../schemas/form.ts';
import { isUuid } from '../../../schemas/common.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { unattachedFile } from '../files/attachments.ts';
import { fileAnswerMissing } from './answers.ts';

/**
 * File answers must be files this user uploaded, not yet linked, of an accepted type read from
 * their bytes. Someone else's file, an unknown id, or a file already kept by a response (of this
 * patient file or another) is not found; the caller's own file not uploaded yet is missing.
 */
export async function checkFiles(care: CareContext, definition: FormDefinition, answers: Record<string, unknown>): Promise<{ id: string; field: string }[]> {
  const ids: { id: string; field: string }[] = [];
  for (const question of definition.files ?? []) {
    const value = answers[question.field];
    if (value === undefined || value === null || value === '') continue;
    const field = `body.answers.${question.field}`;
    if (typeof value !== 'string' || !isUuid(value)) {
      throw fileAnswerMissing(definition, question.field, care.language);
    }
    const file = await unattachedFile(care.db, care.userId, value);
    if (!file) throw new AppError(404, 'not_found', {}, field);
    if (!file.uploadedAt) throw fileAnswerMissing(definition, question.field, care.language);
    if (!file.mimeType || !(question.accept as readonly string[]).includes(file.mimeType)) throw badRequest('file_type_refused', {}, field);
    if ((file.size ?? 0) > (question.maxSizeMb ?? 10) * 1_048_576) throw badRequest('file_too_large', {}, field);
    ids.push({ id: file.id, field });
  }
  return ids;
}
