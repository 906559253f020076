/**
 * One tab of the professional's patient file. The next issues (documents, monitoring, history,
 * protocols…) add a tab by adding an entry to tabs.ts: nothing else of the screen changes.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import type { Privilege } from '../../lib/session/privileges.ts';

export interface PatientFileTabProps {
  file: PatientFileSummary;
  structureIndex: number;
}

export interface PatientFileTab {
  /** Stable id, the address's `currentTab` (`patient-file/:id/<id>`); the first tab's is left out of the address. */
  id: string;
  /** The tab's name: a key, in a namespace when the feature's texts carry it (`useTranslation(namespace)`). */
  label: { key: string; namespace?: string };
  /** One of these is needed in the file's service or establishment; absent: whoever opens the file. */
  privileges?: readonly Privilege[];
  /** Place among the tabs, smallest first; the first is the default tab. */
  order: number;
  /** Loaded when the tab is first shown. */
  component: LazyExoticComponent<ComponentType<PatientFileTabProps>>;
}
