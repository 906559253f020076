/**
 * The icon of a kind of therapeutic content (video, document, image, YouTube video): a small
 * drawing beside the title, hidden from assistive technology (the kind is said in words beside it).
 */
import { ThemeIcon } from '@mantine/core';
import type { EducationKind } from '../../../schemas/education.ts';

const PATHS: Record<EducationKind, string> = {
  // A film frame with a play triangle.
  video: 'M3 6h13v12H3z M16 10l5-3v10l-5-3',
  // A page with a folded corner and lines.
  document: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 12h6 M9 16h6',
  // A frame with a mountain and a sun.
  image: 'M3 5h18v14H3z M3 17l5-6 4 4 3-3 6 5 M15.5 9.5a1.5 1.5 0 1 0 .01 0',
  // A rounded screen with a play triangle.
  youtube: 'M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z M10 9l5 3-5 3z',
};

const COLOURS: Record<EducationKind, string> = { video: 'grape', document: 'blue', image: 'teal', youtube: 'red' };

export function EducationKindIcon({ kind, size = 'lg' }: { kind: EducationKind; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <ThemeIcon variant="light" color={COLOURS[kind]} size={size} radius="md" aria-hidden data-kind={kind}>
      <svg viewBox="0 0 24 24" width="70%" height="70%" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[kind]} />
      </svg>
    </ThemeIcon>
  );
}
