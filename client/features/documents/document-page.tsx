/**
 * A document of My Documents (`/p/:patientFileIndex/documents/:documentId`, spec 000 §2): read,
 * viewed, downloaded; whoever added it (the patient, a caregiver) may edit it or mark it entered
 * in error (document-actions.tsx), after which it leaves the patient's side: back to the list.
 */
import { useNavigate, useParams } from 'react-router';
import { usePatientArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { DocumentActions } from './document-actions.tsx';
import { DocumentScreen } from './document-view.tsx';

export function Component() {
  const { documentId = '' } = useParams();
  const { index, patientFile } = usePatientArea();
  const navigate = useNavigate();
  const listHref = paths.patient.documents.getHref({ patientFileIndex: index });
  return (
    <DocumentScreen patientFileId={patientFile.id} documentId={documentId} homeHref={listHref}
      actions={(doc) => <DocumentActions doc={doc} as={patientFile.caregiver === true ? 'caregiver' : 'patient'} onEnteredInError={() => void navigate(listHref)} />} />
  );
}
