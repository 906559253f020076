import type { Establishment } from '../../../schemas/establishments.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

export function StructureContextLabel({ structure }: { structure: Establishment }) {
  return <TruncatedText fw={600} size="sm" visibleFrom="xs" data-testid="context-label">{structure.name}</TruncatedText>;
}
