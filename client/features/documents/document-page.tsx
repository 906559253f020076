/** A document of My Documents (`/p/:patientFileIndex/documents/:documentId`, spec 000 §2): read, viewed, downloaded. */
import { useParams } from 'react-router';
import { usePatientArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { DocumentScreen } from './document-view.tsx';

export function Component() {
  const { documentId = '' } = useParams();
  const { index, patientFile } = usePatientArea();
  return <DocumentScreen patientFileId={patientFile.id} documentId={documentId} homeHref={paths.patient.documents.getHref({ patientFileIndex: index })} />;
}
