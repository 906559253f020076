/**
 * Who may do what (spec 000 §2, §6), written once for the client (which screens to show, route
 * table rows) and the server (which calls to answer rather than 404). A screen and the routes it
 * calls name the same set, so the two cannot drift apart. Every privilege list is declared here
 * (tests/unit/access-rules.test.ts fails on one declared elsewhere in server/); on the server,
 * only server/care/access.ts reads them, through its named policies.
 */
import type { PRIVILEGES, ROLES } from './common.ts';

export type Privilege = (typeof PRIVILEGES)[number];
export type Role = (typeof ROLES)[number];

export const PRIVILEGE_SETS = {
  /** Open patient files: the patient-file list and screens, their questionnaires, documents, payloads. */
  patientData: ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER'],
  /** Medical protocols. */
  protocols: ['SUPER_ADMIN', 'PRESCRIBER', 'MANAGER'],
  /** Validate questionnaires and calculated data (surveys/:id/validation). */
  formValidation: ['SUPER_ADMIN', 'MANAGER'],
  /** The professional directory and conditions. */
  clinical: ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER', 'MANAGER'],
  statistics: ['MANAGER'],
  /** The structure's own administration (structure, devices). */
  establishmentAdmin: ['ADMIN_ESTABLISHMENT'],
  /**
   * Change the establishment's catalogue (spec 000 §1: indicators, units, types, alert statuses,
   * intervention levels, identity-document types, form types, ...) and read the state of its
   * provisioned files; back-office administrators (ROLE_ADMIN) too, in every establishment.
   */
  catalogueEditors: ['ADMIN_ESTABLISHMENT', 'SUPER_ADMIN'],
  /** Edit the establishment's layouts. */
  establishmentLayoutEditors: ['ADMIN_ESTABLISHMENT'],
  /** Edit one's own dashboard and summary layouts. */
  personalLayoutEditors: ['OPERATOR', 'PRESCRIBER'],
  /** The layout editor screen: either of the two above. */
  layoutEditors: ['OPERATOR', 'PRESCRIBER', 'ADMIN_ESTABLISHMENT'],
} as const satisfies Record<string, readonly Privilege[]>;

/** Role checks (spec 000 §6): case-insensitive, one role or a list (any of them). */
export function hasRole(roles: readonly string[], wanted: string | readonly string[]): boolean {
  const list = (typeof wanted === 'string' ? [wanted] : wanted).map((r) => r.toLowerCase());
  return roles.some((r) => list.includes(r.toLowerCase()));
}
