import { paths } from '../../lib/paths.ts';

/**
 * Context selector shortcut (spec 000 §2): exactly one patient file (open or closed) and no
 * structure goes to /p/0; exactly one structure and no patient file goes to /s/0.
 */
export function contextShortcut(fileCount: number, structureCount: number): string | undefined {
  if (fileCount === 1 && structureCount === 0) return paths.patient.home.getHref({ patientFileIndex: 0 });
  if (structureCount === 1 && fileCount === 0) return paths.professional.home.getHref({ structureIndex: 0 });
  return undefined;
}
