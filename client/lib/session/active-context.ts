/**
 * The patient file or structure the user works in, set by the indexed areas (/p/:i, /s/:i)
 * while they are shown and cleared when the user leaves them (spec 000 §2). The theme follows
 * the active establishment.
 */
import type { Establishment } from '../../../schemas/establishments.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { createStore } from '../store.ts';

export type ActiveContext =
  | { kind: 'none' }
  | { kind: 'patientFile'; index: number; patientFile: PatientFileSummary }
  | { kind: 'structure'; index: number; structure: Establishment };

export const activeContextStore = createStore<ActiveContext>({ kind: 'none' });

export const clearActiveContext = () => activeContextStore.set({ kind: 'none' });

/** The establishment whose theme applies. */
export function activeEstablishmentId(context: ActiveContext): string | undefined {
  if (context.kind === 'patientFile') return context.patientFile.service.establishment.id;
  if (context.kind === 'structure') return context.structure.id;
  return undefined;
}
