/**
 * A document of a patient file for a professional (`/s/:structureIndex/patient-file/:patientFileId/documents/:documentId`,
 * spec 000 §2): what the patient's side sees, plus what a professional of the file does to it
 * (document-actions.tsx): acknowledge it, edit it, exclude or restore it, mark it entered in
 * error with a reason (kept, never removed).
 */
import { useParams } from 'react-router';
import { useStructureArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { DocumentActions } from './document-actions.tsx';
import { DocumentScreen } from './document-view.tsx';

export function Component() {
  const { patientFileId = '', documentId = '' } = useParams();
  const { index } = useStructureArea();
  return (
    <DocumentScreen patientFileId={patientFileId} documentId={documentId}
      homeHref={paths.professional.patientFile.getHref({ structureIndex: index, patientFileId, currentTab: 'documents' })}
      actions={(doc) => <DocumentActions doc={doc} as="professional" />} />
  );
}
