// @vitest-environment happy-dom
/**
 * The patient file's header (issue 10 §4) says whose file it is: name, birth date and age on the
 * user's today, the identity status and attributes (for a professional: the answer carries
 * `identity` only for them), the file status, service and establishment, and deactivated patient
 * data; in French and in Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { PatientFileHeader } from '../../../client/lib/ui/patient-file-header.tsx';

const FILE: PatientFileSummary = {
  id: '00000000-0000-4000-8000-0000000000f1', status: 'OPEN', createdAt: '2024-01-15T09:00:00.000Z', startDate: '2024-01-15', endDate: null,
  closedAt: null, closingReasonType: null, closingReason: null, patientName: 'Camille Martin', patientBirthDate: '1958-04-17', caregiver: false,
  patientDataActive: true,
  identity: { status: 'QUALIFIED', doubtful: true, fictitious: false, namesake: true, verifiedAt: '2025-05-02T08:00:00.000Z' },
  service: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Cardiologie', establishment: { id: '00000000-0000-4000-8000-00000000000a', name: 'CHU Azur' } },
};

const mount = (file: PatientFileSummary) => render(<MantineProvider><PatientFileHeader file={file} /></MantineProvider>);

beforeAll(async () => { await initI18n('fr'); });
beforeEach(() => {
  // 16 April 2026, 23:30 UTC: already the 17th, her birthday, in Paris.
  vi.useFakeTimers({ now: new Date('2026-04-16T23:30:00Z'), toFake: ['Date'] });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(async () => { cleanup(); vi.useRealTimers(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the patient file header', () => {
  it('says whose file it is, their identity and the file', () => {
    mount(FILE);
    expect(screen.getByTestId('patient-file-name').textContent).toBe('Camille Martin');
    expect(screen.getByTestId('patient-birth-date').textContent).toBe('Date de naissance : 17 avril 1958 (68 ans)');
    const identity = screen.getByTestId('patient-identity');
    expect(within(identity).getByText('Identité qualifiée')).toBeTruthy();
    expect(within(identity).getByText('Identité douteuse')).toBeTruthy();
    expect(within(identity).getByText('Homonyme')).toBeTruthy();
    expect(within(identity).queryByText('Identité fictive')).toBeNull();
    expect(screen.getByText('Ouvert')).toBeTruthy();
    expect(screen.getByText('Cardiologie · CHU Azur')).toBeTruthy();
    expect(screen.queryByText('Données patient désactivées')).toBeNull();
  });

  it('shows no identity where the answer has none (the patient side), and says when patient data are deactivated', () => {
    const { identity: _, ...withoutIdentity } = FILE;
    mount({ ...withoutIdentity, patientDataActive: false });
    expect(screen.queryByTestId('patient-identity')).toBeNull();
    expect(screen.getByText('Données patient désactivées')).toBeTruthy();
  });

  it('in Arabic', async () => {
    await switchLanguage('ar');
    mount(FILE);
    expect(within(screen.getByTestId('patient-identity')).getByText('هوية مؤهلة')).toBeTruthy();
    expect(screen.getByText('مفتوح')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
