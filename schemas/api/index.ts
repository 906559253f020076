/** Every route contract, by `group.name` as modules name them (`formRoutes.tasks`): for tests and tools that walk them all. */
import type { RouteContract } from './contract.ts';
import * as conditions from './conditions.ts';
import * as establishments from './establishments.ts';
import * as files from './files.ts';
import * as forms from './forms.ts';
import * as me from './me.ts';
import * as patients from './patients.ts';
import * as patientFileStatus from './patient-file-status.ts';
import * as patientFileHistory from './patient-file-history.ts';
import * as notes from './notes.ts';
import * as caregivers from './caregivers.ts';
import * as alerts from './alerts.ts';
import * as ui from './ui.ts';
import * as identity from './identity.ts';
import * as events from './events.ts';
import * as activities from './activities.ts';
import * as inactiveThresholds from './inactive-thresholds.ts';
import * as catalogue from './catalogue.ts';
import * as protocols from './protocols.ts';
import * as nonCompliance from './non-compliance.ts';
import * as measures from './measures.ts';
import * as boundaries from './boundaries.ts';
import * as monitoring from './monitoring.ts';
import * as indicatorsTab from './indicators-tab.ts';
import * as formTypes from './form-types.ts';
import * as documents from './documents.ts';
import * as prescriptions from './prescriptions.ts';
import * as messages from './messages.ts';
import * as notifications from './notifications.ts';
import * as education from './education.ts';

export const CONTRACTS: ReadonlyMap<string, RouteContract> = new Map(
  [conditions, catalogue, establishments, files, forms, me, patientFileStatus, ui, patientFileHistory, identity, patients, notes, caregivers, protocols, nonCompliance, measures, boundaries, monitoring, indicatorsTab, events, alerts, activities, inactiveThresholds, formTypes, documents, prescriptions, messages, notifications, education].flatMap((module) => Object.entries(module).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, RouteContract>).map(([name, contract]) => [`${group}.${name}`, contract] as const))),
);
