/**
 * The patient file's tabs, read by the screen: checked once (ids unique and address-safe, as
 * Grafana's panel registry refuses duplicates), ordered, and filtered by what the user holds
 * where the file is followed.
 */
import type { PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';
import { holdsInService } from '../../lib/session/privileges.ts';
import type { PatientFileTab } from './tab.ts';

export interface PatientFileTabRegistry {
  /** Every tab, in order. */
  all: readonly PatientFileTab[];
  /** The default tab: the first. */
  first: PatientFileTab;
  /** The tab of an address's `currentTab`; undefined for an unknown id. */
  find(id: string | undefined): PatientFileTab | undefined;
  /** The tabs this user may see on this file. */
  visibleTo(entries: readonly PrivilegeEntry[], file: PatientFileSummary): PatientFileTab[];
}

export function tabRegistry(tabs: readonly PatientFileTab[]): PatientFileTabRegistry {
  const seen = new Set<string>();
  for (const tab of tabs) {
    if (!/^[a-z][a-z0-9-]*$/.test(tab.id)) throw new Error(`patient-file tab id '${tab.id}' must be lower-case words joined by '-'`);
    if (seen.has(tab.id)) throw new Error(`patient-file tab '${tab.id}' is registered twice`);
    seen.add(tab.id);
  }
  const all = [...tabs].sort((a, b) => a.order - b.order);
  if (!all[0]) throw new Error('the patient file needs at least one tab');
  return {
    all,
    first: all[0],
    find: (id) => (id === undefined ? all[0] : all.find((tab) => tab.id === id)),
    visibleTo: (entries, file) => all.filter((tab) => mayOpen(tab, entries, file)),
  };
}

/** Held in the file's service, or establishment-wide in the file's establishment. */
function mayOpen(tab: PatientFileTab, entries: readonly PrivilegeEntry[], file: PatientFileSummary): boolean {
  const wanted = tab.privileges;
  if (!wanted) return true;
  const entry = entries.find((e) => e.establishment.id === file.service.establishment.id);
  return Boolean(entry && (entry.privileges.some((p) => wanted.includes(p)) || holdsInService(entries, file.service.id, wanted)));
}
