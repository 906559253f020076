import { useMemo } from 'react';
import type { BlockContext } from '../blocks/index.ts';
import { useStructureArea } from '../lib/areas.ts';
import { paths } from '../lib/paths.ts';
import { useSessionData } from '../lib/session/use-session.ts';
import { viewerIn } from './visible-for.ts';

/** Where a professional screen's layout is shown, and who looks at it. */
export function useStructureLayoutContext(patientFileId?: string) {
  const { me, privileges } = useSessionData();
  const { index, structure } = useStructureArea();
  const context = useMemo<BlockContext>(() => ({
    area: 'professional', structureId: structure.id, patientFileId, areaHref: paths.professional.home.getHref({ structureIndex: index }),
  }), [structure.id, patientFileId, index]);
  const viewer = useMemo(() => viewerIn(me.roles, privileges, structure.id), [me.roles, privileges, structure.id]);
  return { context, viewer, structure, index };
}
