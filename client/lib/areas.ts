/**
 * The two indexed areas of the router (spec 000 §2): a structure (/s/:structureIndex) and a
 * patient file (/p/:patientFileIndex). client/app's loaders resolve the index; a screen reads
 * what they resolved through these hooks, so features never import client/app.
 */
import { useRouteLoaderData } from 'react-router';
import type { Establishment } from '../../schemas/establishments.ts';
import type { PatientFileSummary } from '../../schemas/me.ts';

export const AREA_ROUTE_IDS = { structure: 'structure-area', patient: 'patient-area' } as const;

export interface PatientAreaData { index: number; patientFile: PatientFileSummary }
export interface StructureAreaData { index: number; structure: Establishment }

/** The structure of a screen under /s/:structureIndex (its route's loader has resolved it). */
export const useStructureArea = () => useRouteLoaderData(AREA_ROUTE_IDS.structure) as StructureAreaData;

/** The patient file of a screen under /p/:patientFileIndex (its route's loader has resolved it). */
export const usePatientArea = () => useRouteLoaderData(AREA_ROUTE_IDS.patient) as PatientAreaData;
