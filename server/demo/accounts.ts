/**
 * The demo world: two establishments with different themes (provisioned as layouts/azur/theme.json
 * for the brand and layouts/clinique-des-tilleuls/theme.json) and one account for
 * every case of the context selector and of the privileges (spec 000 §2, §6).
 */
import type { Privilege } from '../care/access.ts';
import type { ClosingReasonType } from '../../schemas/patient-file-status.ts';

export const DEMO_PASSWORD = 'Demo-Telesuivi-2025';

export const DEMO_ESTABLISHMENTS = [
  {
    key: 'azur', identifier: 'chu-azur', name: 'CHU Azur', brand: 'azur', professionalDirectoryEnabled: true,
    services: ['Cardiologie', 'Chirurgie orthopédique'],
  },
  {
    key: 'tilleuls', identifier: 'clinique-des-tilleuls', name: 'Clinique des Tilleuls', brand: null, professionalDirectoryEnabled: false,
    services: ['Pneumologie', 'Diabétologie'],
  },
] as const;

type ServiceRef = `${(typeof DEMO_ESTABLISHMENTS)[number]['key']}/${string}`;

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  roles: ('ROLE_ADMIN' | 'ROLE_PROFESSIONAL' | 'ROLE_PATIENT')[];
  /** What this account demonstrates, printed at start. */
  case: string;
  language?: 'fr' | 'en' | 'ar';
  /** Patients: shown in the header of their files (YYYY-MM-DD). */
  birthDate?: string;
  cgu?: boolean;
  personalData?: boolean;
  establishmentPrivileges?: Partial<Record<(typeof DEMO_ESTABLISHMENTS)[number]['key'], Privilege[]>>;
  servicePrivileges?: Partial<Record<ServiceRef, Privilege[]>>;
  files?: { service: ServiceRef; status: 'OPEN' | 'CLOSED' | 'AWAITING'; closingReasonType?: ClosingReasonType; closingReason?: string }[];
  /** Files of other demo patients this account follows as a caregiver: email of the patient. */
  caregiverOf?: string[];
}

const domain = 'demo.telesuivi.test';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: `patient.open@${domain}`, firstName: 'Camille', lastName: 'Martin', birthDate: '1958-04-17', roles: ['ROLE_PATIENT'], case: 'Patient with one open file',
    files: [{ service: 'azur/Cardiologie', status: 'OPEN' }] },
  { email: `patient.closed@${domain}`, firstName: 'Louis', lastName: 'Bernard', birthDate: '1949-11-02', roles: ['ROLE_PATIENT'], case: 'Patient with one closed file',
    files: [{ service: 'tilleuls/Pneumologie', status: 'CLOSED', closingReasonType: 'END_OF_FOLLOW_UP', closingReason: 'Fin du protocole de suivi' }] },
  { email: `patient.multi@${domain}`, firstName: 'Yasmine', lastName: 'Haddad', birthDate: '1987-01-29', roles: ['ROLE_PATIENT'], case: 'Patient with several files (open, closed, awaiting)', language: 'ar',
    files: [
      { service: 'tilleuls/Diabétologie', status: 'OPEN' },
      { service: 'azur/Cardiologie', status: 'CLOSED', closingReasonType: 'TRANSFERRED', closingReason: 'Transfert vers un autre établissement' },
      { service: 'azur/Chirurgie orthopédique', status: 'AWAITING' },
    ] },
  { email: `caregiver@${domain}`, firstName: 'Paul', lastName: 'Martin', roles: ['ROLE_PATIENT'], case: "Caregiver of Camille Martin (patient.open)",
    caregiverOf: [`patient.open@${domain}`] },
  { email: `prescriber@${domain}`, firstName: 'Claire', lastName: 'Dubois', roles: ['ROLE_PROFESSIONAL'], case: 'Prescriber (service Cardiologie, CHU Azur)',
    servicePrivileges: { 'azur/Cardiologie': ['PRESCRIBER'] } },
  { email: `operator@${domain}`, firstName: 'Hugo', lastName: 'Lefèvre', roles: ['ROLE_PROFESSIONAL'], case: 'Telemonitoring operator (CHU Azur)', language: 'en',
    establishmentPrivileges: { azur: ['OPERATOR'] } },
  { email: `manager@${domain}`, firstName: 'Inès', lastName: 'Moreau', roles: ['ROLE_PROFESSIONAL'], case: 'Manager (CHU Azur)',
    establishmentPrivileges: { azur: ['MANAGER'] } },
  { email: `admin.establishment@${domain}`, firstName: 'Marc', lastName: 'Garnier', roles: ['ROLE_PROFESSIONAL'], case: 'Establishment admin (Clinique des Tilleuls)',
    establishmentPrivileges: { tilleuls: ['ADMIN_ESTABLISHMENT'] } },
  { email: `superadmin@${domain}`, firstName: 'Sophie', lastName: 'Roux', roles: ['ROLE_PROFESSIONAL'], case: 'Super admin (CHU Azur)',
    establishmentPrivileges: { azur: ['SUPER_ADMIN'] } },
  { email: `pro.two@${domain}`, firstName: 'Karim', lastName: 'Benali', roles: ['ROLE_PROFESSIONAL'], case: 'Professional in two structures (prescriber at CHU Azur, operator at Tilleuls)',
    servicePrivileges: { 'azur/Cardiologie': ['PRESCRIBER'] }, establishmentPrivileges: { tilleuls: ['OPERATOR'] } },
  { email: `admin@${domain}`, firstName: 'Alice', lastName: 'Admin', roles: ['ROLE_ADMIN'], case: 'Back-office administrator (ROLE_ADMIN)' },
  { email: `new.terms@${domain}`, firstName: 'Nina', lastName: 'Petit', roles: ['ROLE_PATIENT'], case: 'Has not accepted the terms of use yet', cgu: false, personalData: false,
    files: [{ service: 'tilleuls/Pneumologie', status: 'OPEN' }] },
  { email: `new.consent@${domain}`, firstName: 'Omar', lastName: 'Faure', roles: ['ROLE_PATIENT'], case: 'Has not consented to personal-data use yet', personalData: false,
    files: [{ service: 'azur/Cardiologie', status: 'OPEN' }] },
];
