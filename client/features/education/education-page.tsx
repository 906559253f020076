/**
 * A therapeutic education document (spec 000 `/p/:patientFileIndex/education/:documentId`,
 * issue 20 §2): an item of the file's service library, opened from My Monitoring, and back to
 * it. Each kind in what shows it in the page: a video in the browser's player (the server
 * answers ranges, so it seeks), a PDF in a frame (the bytes carry their own sandbox and may be
 * framed by this site only), an image, a YouTube video in the privacy-enhanced embed. Opening
 * it writes EDUCATION_VIEWED to the file's history (the server, on reading the item).
 */
import { AspectRatio, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { EducationItem } from '../../../schemas/education.ts';
import { usePatientArea } from '../../lib/areas.ts';
import { EducationKindIcon } from '../../lib/education/kind-icon.tsx';
import { educationFileUrl, useEducationItem, youtubeEmbedUrl } from '../../lib/education/queries.ts';
import { EDUCATION_KINDS } from '../../lib/education/texts.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { EDUCATION } from './texts.ts';

const K = 'education';

export function EducationPage() {
  const { documentId = '' } = useParams();
  const { index, patientFile } = usePatientArea();
  const { t } = useTranslation(EDUCATION);
  const query = useEducationItem(patientFile.id, documentId);
  usePageTitle(query.data?.title ?? t(`${K}.loading`));
  const monitoring = paths.patient.healthPathData.getHref({ patientFileIndex: index });
  return (
    <Stack gap="md" data-testid="education-screen">
      <div>
        <Button component={Link} to={monitoring} variant="subtle" px={0} data-testid="education-back">{t(`${K}.back`)}</Button>
      </div>
      <QueryState query={query} loadingLabel={t(`${K}.loading`)} homeHref={monitoring}>
        {(item) => <ItemView item={item} patientFileId={patientFile.id} />}
      </QueryState>
    </Stack>
  );
}

function ItemView({ item, patientFileId }: { item: EducationItem; patientFileId: string }) {
  const { t, i18n } = useTranslation(EDUCATION);
  const { t: kinds } = useTranslation(EDUCATION_KINDS);
  const bytes = educationFileUrl(patientFileId, item.id, i18n.language);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <EducationKindIcon kind={item.kind} size="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h2"><bdi>{item.title}</bdi></Title>
          <Text size="sm" c="dimmed">{kinds(`educationKinds.${item.kind}`)}</Text>
        </Stack>
      </Group>
      {item.description && <Text style={{ whiteSpace: 'pre-wrap' }}><bdi>{item.description}</bdi></Text>}
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }} maw={960} data-testid={`education-${item.kind}`}>
        {item.kind === 'video' && (
          // Subtitles are not part of an uploaded item; the title and description say what it is.
          <video controls preload="metadata" src={bytes} style={{ display: 'block', width: '100%', maxHeight: '70vh', background: 'black' }} aria-label={item.title} />
        )}
        {item.kind === 'image' && <Image src={bytes} alt={item.description ?? item.title} fit="contain" mah="70vh" />}
        {item.kind === 'document' && (
          <iframe src={bytes} title={t(`${K}.pdfFrame`, { title: item.title })} style={{ display: 'block', width: '100%', height: '75vh', border: 0 }} />
        )}
        {item.kind === 'youtube' && item.youtubeId && (
          <AspectRatio ratio={16 / 9}>
            <iframe src={youtubeEmbedUrl(item.youtubeId)} title={t(`${K}.youtubeFrame`, { title: item.title })} style={{ border: 0 }}
              allow="encrypted-media; picture-in-picture; fullscreen" referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" />
          </AspectRatio>
        )}
      </Paper>
      {item.kind === 'document' && (
        <div><Button component="a" href={bytes} target="_blank" rel="noopener noreferrer" variant="light">{t(`${K}.openAlone`)}</Button></div>
      )}
    </Stack>
  );
}

export const Component = EducationPage;
