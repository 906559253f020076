/**
 * Bounds on what a questionnaire answer may weigh and how often a free questionnaire may be sent
 * (issue 8, Security 5), documented in docs/integrators.md ("What is kept of an answer").
 */

/** Bytes of a POST /patient_files/{id}/form_responses body; above, 413 payload_too_large. */
export const MAX_ANSWER_BODY_BYTES = 256 * 1024;

/** Characters of one text answer whose question sets no maxLength of its own; above, 400 answer_invalid. */
export const MAX_ANSWER_TEXT = 10_000;

/**
 * Responses to one FREE questionnaire of one patient file over the last 24 hours, whoever sent
 * them (patient or caregivers); the next is refused with 429 free_form_limit_reached until the
 * oldest of them is a day old. Planned questionnaires are bounded by their occurrences.
 */
export const FREE_RESPONSES_PER_DAY = 20;
