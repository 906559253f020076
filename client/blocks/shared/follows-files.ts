/**
 * Whether the viewer follows patient files in this structure: the blocks that list the files'
 * alerts and activities ask their routes only then. A manager or an establishment admin holds no
 * patient-data privilege, and the routes answer them 404 (the files are out of their scope): the
 * blocks say what they are for instead of failing. Decided by the route guards (the patient-file
 * list's privileges), as every "may I open this" of the client is.
 */
import { useCanOpen } from '../../lib/route-access.ts';
import { resolveHref } from './layout-text.ts';
import type { BlockContext } from '../types.ts';

export function useFollowsFiles(context: BlockContext): boolean {
  const canOpen = useCanOpen();
  return canOpen(resolveHref('patient-file', context.areaHref).href);
}
