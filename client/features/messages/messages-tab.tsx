/** The Messages tab of the professional's patient file (issue 20 §4): the file's conversation, the patient's messenger seen from the care team. */
import { Box } from '@mantine/core';
import { paths } from '../../lib/paths.ts';
import { Conversation } from './conversation.tsx';

export function MessagesTab({ file, structureIndex }: { file: { id: string }; structureIndex: number }) {
  return (
    <Box maw={800}>
      <Conversation patientFileId={file.id} homeHref={paths.professional.home.getHref({ structureIndex })} />
    </Box>
  );
}
