import type { PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';

export const AZUR = '00000000-0000-4000-8000-00000000000a';
export const TILLEULS = '00000000-0000-4000-8000-00000000000b';
export const CARDIO = '00000000-0000-4000-8000-0000000000c1';
export const PNEUMO = '00000000-0000-4000-8000-0000000000c2';

export const entry = (establishmentId: string, privileges: PrivilegeEntry['privileges'], services: [string, PrivilegeEntry['privileges']][] = []): PrivilegeEntry => ({
  establishment: { id: establishmentId, name: establishmentId },
  privileges,
  services: services.map(([id, p]) => ({ id, name: id, privileges: p })),
});

export const file = (status: PatientFileSummary['status'], patientId?: string, caregiver = false): PatientFileSummary => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  status,
  createdAt: '2025-01-01T00:00:00.000Z',
  service: { id: CARDIO, name: 'Cardiologie', establishment: { id: AZUR, name: 'CHU Azur' } },
  ...(patientId ? { patient: { id: patientId, firstName: 'Camille', lastName: 'Martin' } } : { patientName: 'Camille Martin' }),
  caregiver,
});
