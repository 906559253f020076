/**
 * Questionnaire answers that feed indicators (issue 11 §2, docs/integrators.md "Answers that feed
 * indicators"): when a response is sent, each mapping of its definition's `indicators` whose
 * question was answered (or whose computed value could be computed) becomes a measure of the
 * establishment's indicator with that reference, measured at the answer time, source FORM_RESPONSE,
 * in the same transaction as the response and its FORM_RESPONSE history; the measures are
 * evaluated against the file's thresholds and the alerts they raise form one batch linked to the
 * response (recordMeasures → raiseAlerts).
 *
 * - An unanswered optional question, or a computed value left empty, gives no measure.
 * - A reference the establishment's catalogue does not hold gives no measure: the definition is
 *   shared by establishments (layouts/default) and checked when provisioned (the question exists
 *   and is numeric, the unit is UCUM), but the catalogue is each establishment's; a patient cannot
 *   fix it, so their response is kept and the mapping is skipped.
 * - A unit that does not convert to the indicator's refuses the response (400 unit_not_convertible):
 *   nothing is stored, as for any measure. So does a value outside the indicator's plausible range
 *   once converted (400 value_not_plausible on the answer's field, body.answers.<question>).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicators } from '../../db/schema.ts';
import type { FormDefinition } from '../../../schemas/form.ts';
import { recordMeasures, type MeasureInput, type RecordedMeasures } from '../measures/record.ts';

export async function recordAnswerMeasures(
  tx: Db,
  file: { id: string; serviceId: string; establishmentId: string },
  definition: FormDefinition,
  values: { answers: Record<string, unknown>; computed: Record<string, number | null> },
  actor: { userId: string; onBehalfOf: string | null },
  response: { id: string; answeredAt: Date },
): Promise<RecordedMeasures | undefined> {
  const mappings = definition.indicators ?? [];
  if (mappings.length === 0) return undefined;
  const references = [...new Set(mappings.map((m) => m.indicator))];
  const found = await tx.select({ id: indicators.id, reference: indicators.reference }).from(indicators)
    .where(and(eq(indicators.establishmentId, file.establishmentId), inArray(indicators.reference, references)));
  const idOf = new Map(found.map((i) => [i.reference, i.id]));
  const inputs: MeasureInput[] = mappings.flatMap((mapping, i) => {
    const indicatorId = idOf.get(mapping.indicator);
    const value = 'answer' in mapping.from ? values.answers[mapping.from.answer] : values.computed[mapping.from.computed];
    if (!indicatorId || typeof value !== 'number' || !Number.isFinite(value)) return [];
    // A value that cannot be true is said on the question that gave it (a computed one: on its
    // mapping); so is its date, which is the answer's (before the file's start: dates.ts).
    const valueField = 'answer' in mapping.from ? `body.answers.${mapping.from.answer}` : undefined;
    return [{ indicatorId, value, unit: mapping.unit ?? null, measuredAt: response.answeredAt, field: `definition.indicators.${i}`, valueField, measuredAtField: valueField }];
  });
  if (inputs.length === 0) return undefined;
  return recordMeasures(tx, file, inputs, actor, { source: 'FORM_RESPONSE', formResponseId: response.id, at: response.answeredAt });
}
