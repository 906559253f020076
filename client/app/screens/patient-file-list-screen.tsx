/** The professional's patient-file list in the structure of the address (the feature gets the structure from here). */
import { useRouteLoaderData } from 'react-router';
import { PatientFileListPage } from '../../features/patient-files/patient-file-list-page.tsx';
import type { StructureAreaData } from '../router/area-loaders.ts';

export function PatientFileListScreen() {
  const { index, structure } = useRouteLoaderData('structure-area') as StructureAreaData;
  return <PatientFileListPage structure={structure} structureIndex={index} />;
}

export const Component = PatientFileListScreen;
