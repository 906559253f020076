import type { Privilege } from '../../../lib/session/privileges.ts';
import type { Viewer } from '../../../layout-engine/visible-for.ts';

/** Whom the editor can preview a page as: a patient, or a professional holding one privilege. */
export const PREVIEW_ROLES = ['patient', 'OPERATOR', 'PRESCRIBER', 'MANAGER', 'ADMIN_ESTABLISHMENT', 'SUPER_ADMIN'] as const;
export type PreviewRole = (typeof PREVIEW_ROLES)[number];

export function previewViewer(role: PreviewRole): Viewer {
  if (role === 'patient') return { roles: ['ROLE_PATIENT'], privileges: [] };
  return { roles: ['ROLE_PROFESSIONAL'], privileges: [role as Privilege] };
}
