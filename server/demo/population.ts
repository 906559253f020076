/**
 * The demo population (issue 10 §6): enough patients in each demo establishment for the screens to
 * look like a working service — at least 40 in CHU Azur across its services and statuses, a few in
 * every other establishment — with the whole patient form (valid mobile phones, INS numbers with
 * their key), identity statuses and attributes, notes, caregivers, conditions chosen from the
 * establishment's pathologies, and history entries of several kinds spread over months, each
 * with its actor. The establishments' pathologies and identity-document types are provisioned here too.
 *
 * Deterministic: `demoPopulation(now)` draws everything from one seeded generator (mulberry32), so
 * the same day gives the same people; provisionPopulation writes it with one insert per table
 * (set-based), inside the demo provisioning's transaction. Demo patients and their relatives get an
 * unusable password: only the documented demo accounts (accounts.ts) log in.
 */
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import {
  caregivers, identityDocumentTypes, pathologies, patientConditions, patientFileHistory, patientFileNotes, patientFiles, users,
} from '../db/schema.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import type { PatientForm } from '../../schemas/patient-form.ts';
import { nirKey } from '../../schemas/patient-form/identifiers.ts';
import { normaliseMobilePhone } from '../../schemas/patient-form/contact.ts';
import type { IdentityStatus } from '../../schemas/identity.ts';
import type { ClosingReasonType } from '../../schemas/patient-file-status.ts';
import { DEMO_ESTABLISHMENTS } from './accounts.ts';

/** Never an argon2 hash: verifyPassword answers false for it, so no demo patient can log in. */
export const UNUSABLE_PASSWORD_HASH = '!demo-patient-no-login';

export const DEMO_PATIENT_DOMAIN = 'patients.demo.telesuivi.test';

/** Patients per establishment key (accounts.ts DEMO_ESTABLISHMENTS). */
export const DEMO_POPULATION_SIZES: Record<string, number> = { azur: 44, tilleuls: 12 };

type Localised = { fr: string; en: string; ar: string };

export const DEMO_PATHOLOGIES: { slug: string; name: Localised; description: Localised }[] = [
  { slug: 'heart-failure', name: { fr: 'Insuffisance cardiaque', en: 'Heart failure', ar: 'قصور القلب' },
    description: { fr: 'Le cœur ne pompe plus assez de sang : surveillance du poids, de l\'essoufflement et des œdèmes.', en: 'The heart no longer pumps enough blood: weight, breathlessness and swelling are monitored.', ar: 'لم يعد القلب يضخ ما يكفي من الدم: مراقبة الوزن وضيق التنفس والوذمات.' } },
  { slug: 'type-2-diabetes', name: { fr: 'Diabète de type 2', en: 'Type 2 diabetes', ar: 'السكري من النوع الثاني' },
    description: { fr: 'Hyperglycémie chronique : suivi de la glycémie, de l\'HbA1c et des pieds.', en: 'Chronic high blood sugar: blood glucose, HbA1c and foot checks are followed.', ar: 'ارتفاع مزمن في سكر الدم: متابعة السكر والهيموغلوبين السكري والقدمين.' } },
  { slug: 'copd', name: { fr: 'Bronchopneumopathie chronique obstructive (BPCO)', en: 'Chronic obstructive pulmonary disease (COPD)', ar: 'الانسداد الرئوي المزمن' },
    description: { fr: 'Obstruction permanente des bronches : suivi de la saturation et des exacerbations.', en: 'Lasting airway obstruction: oxygen saturation and flare-ups are followed.', ar: 'انسداد دائم في القصبات: متابعة تشبع الأكسجين والنوبات.' } },
  { slug: 'hypertension', name: { fr: 'Hypertension artérielle', en: 'Hypertension', ar: 'ارتفاع ضغط الدم' },
    description: { fr: 'Pression artérielle trop élevée : automesure tensionnelle et adaptation du traitement.', en: 'Blood pressure too high: home measurements and treatment adjustment.', ar: 'ضغط دم مرتفع: القياس الذاتي وتعديل العلاج.' } },
  { slug: 'atrial-fibrillation', name: { fr: 'Fibrillation atriale', en: 'Atrial fibrillation', ar: 'الرجفان الأذيني' },
    description: { fr: 'Trouble du rythme cardiaque : suivi des palpitations et de l\'anticoagulation.', en: 'Heart rhythm disorder: palpitations and anticoagulation are followed.', ar: 'اضطراب في نظم القلب: متابعة الخفقان ومضادات التخثر.' } },
  { slug: 'knee-osteoarthritis', name: { fr: 'Gonarthrose', en: 'Knee osteoarthritis', ar: 'خشونة الركبة' },
    description: { fr: 'Usure du cartilage du genou : douleur, mobilité et rééducation après prothèse.', en: 'Wear of the knee cartilage: pain, mobility and rehabilitation after a prosthesis.', ar: 'تآكل غضروف الركبة: الألم والحركة وإعادة التأهيل بعد المفصل الاصطناعي.' } },
  { slug: 'osteoporosis', name: { fr: 'Ostéoporose', en: 'Osteoporosis', ar: 'هشاشة العظام' },
    description: { fr: 'Fragilité osseuse : prévention des chutes et des fractures.', en: 'Fragile bones: preventing falls and fractures.', ar: 'هشاشة العظام: الوقاية من السقوط والكسور.' } },
  { slug: 'asthma', name: { fr: 'Asthme', en: 'Asthma', ar: 'الربو' },
    description: { fr: 'Inflammation des bronches : débit expiratoire de pointe et crises.', en: 'Inflamed airways: peak flow and attacks are followed.', ar: 'التهاب القصبات: متابعة ذروة التدفق والنوبات.' } },
  { slug: 'chronic-kidney-disease', name: { fr: 'Maladie rénale chronique', en: 'Chronic kidney disease', ar: 'مرض الكلى المزمن' },
    description: { fr: 'Baisse durable de la fonction rénale : suivi du DFG et de la tension.', en: 'Lasting loss of kidney function: eGFR and blood pressure are followed.', ar: 'انخفاض دائم في وظائف الكلى: متابعة معدل الترشيح والضغط.' } },
];

/** Pathologies a service sees most, by service name (others drawn from the whole list). */
const PATHOLOGIES_BY_SERVICE: Record<string, string[]> = {
  Cardiologie: ['heart-failure', 'hypertension', 'atrial-fibrillation', 'type-2-diabetes', 'chronic-kidney-disease'],
  'Chirurgie orthopédique': ['knee-osteoarthritis', 'osteoporosis', 'hypertension', 'type-2-diabetes'],
  Pneumologie: ['copd', 'asthma', 'hypertension', 'heart-failure'],
  'Diabétologie': ['type-2-diabetes', 'hypertension', 'chronic-kidney-disease'],
};

/** As French establishments type them. */
export const DEMO_IDENTITY_DOCUMENT_TYPES = ["Carte nationale d'identité", 'Passeport', 'Titre de séjour', 'Livret de famille', 'Permis de conduire'];

/** mulberry32: a small, well-known seeded generator (deterministic demo data, not cryptography). */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, chance, sample };
}

type Origin = { birthPlaceInsee: string; birthCountry: string; dept: string; commune: string };
/** Birth places: French communes (INSEE code) and countries (99xxx, the NIR's department 99). */
const FRANCE: Origin[] = [
  { birthPlaceInsee: '06088', birthCountry: '99100', dept: '06', commune: '088' }, // Nice
  { birthPlaceInsee: '13055', birthCountry: '99100', dept: '13', commune: '055' }, // Marseille
  { birthPlaceInsee: '75056', birthCountry: '99100', dept: '75', commune: '056' }, // Paris
  { birthPlaceInsee: '69123', birthCountry: '99100', dept: '69', commune: '123' }, // Lyon
  { birthPlaceInsee: '83137', birthCountry: '99100', dept: '83', commune: '137' }, // Toulon
  { birthPlaceInsee: '2A004', birthCountry: '99100', dept: '2A', commune: '004' }, // Ajaccio
  { birthPlaceInsee: '06029', birthCountry: '99100', dept: '06', commune: '029' }, // Cannes
  { birthPlaceInsee: '31555', birthCountry: '99100', dept: '31', commune: '555' }, // Toulouse
];
const ABROAD: Record<string, Origin> = {
  maghreb_ma: { birthPlaceInsee: '99350', birthCountry: '99350', dept: '99', commune: '350' }, // Morocco
  maghreb_dz: { birthPlaceInsee: '99352', birthCountry: '99352', dept: '99', commune: '352' }, // Algeria
  maghreb_tn: { birthPlaceInsee: '99351', birthCountry: '99351', dept: '99', commune: '351' }, // Tunisia
  pt: { birthPlaceInsee: '99139', birthCountry: '99139', dept: '99', commune: '139' }, // Portugal
  it: { birthPlaceInsee: '99127', birthCountry: '99127', dept: '99', commune: '127' }, // Italy
  sn: { birthPlaceInsee: '99341', birthCountry: '99341', dept: '99', commune: '341' }, // Senegal
  vn: { birthPlaceInsee: '99243', birthCountry: '99243', dept: '99', commune: '243' }, // Vietnam
};

/** Names by origin (none of the demo accounts' last names, whose searches the tests make): [female first names], [male first names], [last names] (as written, accents kept). */
const NAMES: Record<string, [string[], string[], string[]]> = {
  fr: [
    ['Monique', 'Françoise', 'Hélène', 'Élodie', 'Chloé', 'Nathalie', 'Brigitte', 'Céline', 'Geneviève', 'Sylvie', 'Manon', 'Josette'],
    ['Jean', 'Bernard', 'Gérard', 'Thierry', 'Étienne', 'Nicolas', 'Michel', 'François', 'Jérôme', 'Hervé', 'Lucas', 'René'],
    ['Dupont', 'Lefebvre', 'Girard', 'Rousseau', 'Fontaine', 'Chevalier', 'Mercier', 'Blanc', 'Guérin', 'Lemoine', 'Boucher', 'Fabre', 'Giraud', 'Roche', 'Barbier', 'Lacroix'],
  ],
  maghreb: [
    ['Fatima', 'Khadija', 'Nadia', 'Samira', 'Leïla', 'Amina', 'Zohra', 'Malika', 'Soraya', 'Naïma'],
    ['Mohamed', 'Ahmed', 'Rachid', 'Mustapha', 'Karim', 'Youssef', 'Abdelkader', 'Mehdi', 'Saïd', 'Hamid'],
    ['Benali', 'Bouazza', 'El Amrani', 'Hamdi', 'Belkacem', 'Mansouri', 'Cherif', 'Benyahia', 'Ouali', 'Zerrouki', 'Bensaïd', 'Amrani'],
  ],
  pt: [['Maria', 'Ana', 'Conceição', 'Fernanda'], ['João', 'José', 'António', 'Manuel'], ['Da Silva', 'Ferreira', 'Pereira', 'Gonçalves', 'Rodrigues']],
  it: [['Giulia', 'Francesca', 'Rosa'], ['Giuseppe', 'Marco', 'Salvatore'], ['Rossi', 'Esposito', 'Bianchi', 'Romano']],
  sn: [['Aïssatou', 'Fatou', 'Mariama'], ['Mamadou', 'Ousmane', 'Cheikh'], ['Diallo', 'Ndiaye', 'Diop', 'Sow']],
  vn: [['Thi Lan', 'Mai', 'Hoa'], ['Van Minh', 'Tuan', 'Duc'], ['Nguyen', 'Tran', 'Pham', 'Le']],
};
const CITIES = [
  { city: 'Nice', postalCode: '06000' }, { city: 'Antibes', postalCode: '06600' }, { city: 'Cannes', postalCode: '06400' },
  { city: 'Grasse', postalCode: '06130' }, { city: 'Menton', postalCode: '06500' }, { city: 'Cagnes-sur-Mer', postalCode: '06800' },
  { city: 'Saint-Laurent-du-Var', postalCode: '06700' }, { city: 'Vence', postalCode: '06140' },
];
const STREETS = ['avenue Jean Médecin', 'boulevard Gambetta', 'rue de France', 'avenue de la Californie', 'rue Pastorelli', 'chemin des Oliviers', 'avenue des Mimosas', 'rue Victor Hugo'];
const RELATIONS = ['fille', 'fils', 'épouse', 'époux', 'sœur', 'frère'];

const NOTES = [
  'Patient joint par téléphone : se sent mieux, poursuit le traitement.',
  'Prise de poids de 2 kg en 3 jours signalée : rappeler demain.',
  'Éducation thérapeutique faite avec la fille de la patiente.',
  'Rendez-vous de contrôle programmé dans un mois.',
  'Difficultés avec la tablette de télésuivi : nouvelle explication donnée.',
  'Traitement diurétique adapté après avis du cardiologue.',
  'Kinésithérapie à domicile démarrée, bonne progression.',
  'Glycémies stables cette semaine, pas d\'hypoglycémie rapportée.',
  'Questionnaire non rempli depuis 5 jours : relance faite par SMS.',
  'Compte rendu d\'hospitalisation reçu et lu.',
];

const CLOSING: { closingReasonType: ClosingReasonType; closingReason: string }[] = [
  { closingReasonType: 'END_OF_FOLLOW_UP', closingReason: 'Fin du protocole de télésuivi' },
  { closingReasonType: 'TRANSFERRED', closingReason: 'Transfert vers un autre établissement' },
  { closingReasonType: 'PATIENT_REQUEST', closingReason: 'Arrêt du suivi à la demande du patient' },
];

/** Without accents or diacritics, in capitals: how a birth name is written (spec 001 §5). */
const birthNameOf = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z' -]/g, '').toUpperCase();
/** The first names rule refuses special characters: e-mail local parts and slugs are plain letters. */
const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z]/g, '').toLowerCase();

export interface DemoPatient {
  key: string;
  establishment: string;
  service: string;
  email: string;
  /** The names shown (accents kept): the used names, else the first first name and the last name as typed. */
  shown: { firstName: string; lastName: string };
  /** The patient form as a professional typed it (validatePatientForm accepts it). */
  form: PatientForm & { mobilePhone: string };
  identity: { status: IdentityStatus; doubtful: boolean; fictitious: boolean; namesake: boolean; verifiedAt: Date | null };
  file: {
    status: 'OPEN' | 'CLOSED' | 'AWAITING'; createdAt: Date; startDate: string; endDate: string | null;
    closedAt: Date | null; closingReasonType: ClosingReasonType | null; closingReason: string | null; patientDataActive: boolean;
  };
  /** Relatives following the file: first name, last name, relation. */
  caregivers: { firstName: string; lastName: string; relation: string; email: string; addedAt: Date }[];
  notes: { text: string; at: Date; author: number; archived: boolean }[];
  conditions: { slug: string; diagnosedOn: string | null; note: string | null; at: Date; author: number }[];
  history: { kind: HistoryKind; at: Date; actor: number | 'patient'; payload: Record<string, unknown> }[];
}

const DAY = 86_400_000;

/** The demo population for `now`: the same day, the same people. */
export function demoPopulation(now: Date, sizes: Record<string, number> = DEMO_POPULATION_SIZES, services: Record<string, readonly string[]> = {}): DemoPatient[] {
  const rng = generator(20251123);
  const today = DateTime.fromJSDate(now, { zone: 'Europe/Paris' }).startOf('day');
  const iso = (d: DateTime) => d.toISODate()!;
  const out: DemoPatient[] = [];
  let order = 0;
  for (const [establishment, size] of Object.entries(sizes)) {
    const serviceNames = services[establishment] ?? [];
    for (let i = 0; i < size; i++) {
      order++;
      const originKey = rng.pick(['fr', 'fr', 'fr', 'fr', 'maghreb', 'maghreb', 'maghreb', 'pt', 'it', 'sn', 'vn'] as const);
      const [women, men, lastNames] = NAMES[originKey]!;
      const female = rng.chance(0.5);
      const first = rng.pick(female ? women : men);
      const second = rng.chance(0.4) ? rng.pick((female ? women : men).filter((n) => n !== first)) : undefined;
      const lastName = rng.pick(lastNames);
      const married = female && rng.chance(0.3);
      const usedLastName = married ? rng.pick(NAMES.fr![2]) : undefined;
      const age = rng.int(24, 92);
      const birth = today.minus({ years: age, days: rng.int(0, 364) });
      const origin: Origin = originKey === 'fr' ? rng.pick(FRANCE)
        : originKey === 'maghreb' ? (rng.chance(0.35) ? rng.pick(FRANCE) : ABROAD[rng.pick(['maghreb_ma', 'maghreb_dz', 'maghreb_tn'])]!)
          : rng.chance(0.3) ? rng.pick(FRANCE) : ABROAD[originKey]!;
      const nirBody = `${female ? 2 : 1}${birth.toFormat('yy')}${birth.toFormat('MM')}${origin.dept}${origin.commune}${String(100 + order).padStart(3, '0')}`;
      const insNumber = `${nirBody}${String(nirKey(nirBody)).padStart(2, '0')}`;
      // French mobiles 06 and 07 in ranges libphonenumber knows as mobile (06 [0-24-8]x, 07 [3-9]x).
      const mobile = rng.chance(0.75)
        ? `06 ${rng.pick(['0', '1', '2', '4', '5', '6', '7', '8'])}${rng.int(0, 9)} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')}`
        : `07 ${rng.int(3, 9)}${rng.int(0, 9)} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')}`;
      const place = rng.pick(CITIES);
      const email = `${plain(first)}.${plain(lastName)}.${order}@${DEMO_PATIENT_DOMAIN}`;
      const service = serviceNames.length ? serviceNames[i % serviceNames.length]! : '';

      const statusDraw = rng.next();
      const status = statusDraw < 0.68 ? 'OPEN' : statusDraw < 0.86 ? 'CLOSED' : 'AWAITING';
      const startedDaysAgo = status === 'AWAITING' ? -rng.int(1, 20) : rng.int(20, 330);
      const start = today.minus({ days: startedDaysAgo });
      const createdAt = status === 'AWAITING' ? today.minus({ days: rng.int(1, 10) }).plus({ hours: 9 }).toJSDate() : start.plus({ hours: 9, minutes: rng.int(0, 400) }).toJSDate();
      const closedAt = status === 'CLOSED' ? new Date(Math.min(now.getTime() - DAY, createdAt.getTime() + rng.int(15, Math.max(16, startedDaysAgo - 1)) * DAY)) : null;
      const closing = status === 'CLOSED' ? rng.pick(CLOSING) : null;
      // An open or awaiting file ends after today: one past its end date would be closed by the automatic-close job at start.
      const plannedEnd = rng.chance(0.5) ? start.plus({ months: rng.int(6, 12) }) : null;
      const laterEnd = today.plus({ months: rng.int(1, 6) });
      const endDate = status === 'CLOSED' ? iso(DateTime.fromJSDate(closedAt!).setZone('Europe/Paris'))
        : plannedEnd ? iso(plannedEnd > today ? plannedEnd : laterEnd) : null;
      const lastActivity = closedAt?.getTime() ?? now.getTime() - DAY / 4;
      const firstActivity = createdAt.getTime();
      /** Nothing happens after the file closed, or in the future. */
      const cap = (d: Date) => new Date(Math.min(d.getTime(), lastActivity));
      const between = () => new Date(firstActivity + rng.next() * Math.max(0, lastActivity - firstActivity));

      const statusDrawIdentity = rng.next();
      const identityStatus: IdentityStatus = statusDrawIdentity < 0.35 ? 'PROVISIONAL' : statusDrawIdentity < 0.55 ? 'RECOVERED' : statusDrawIdentity < 0.7 ? 'VALIDATED' : 'QUALIFIED';
      const hasIns = identityStatus === 'RECOVERED' || identityStatus === 'QUALIFIED' || rng.chance(0.3);
      const weight = Math.round((female ? rng.int(48, 95) : rng.int(58, 120)) + rng.next() * 10) / 1;
      const form: DemoPatient['form'] = {
        firstNames: second ? `${first}, ${second}` : first,
        firstBirthName: first,
        birthName: birthNameOf(lastName),
        ...(usedLastName ? { usedLastName } : {}),
        sex: female ? 'female' : 'male',
        birthDate: iso(birth),
        birthPlaceInsee: origin.birthPlaceInsee,
        birthCountry: origin.birthCountry,
        email,
        mobilePhone: mobile,
        ...(hasIns ? { insNumber, oid: '1.2.250.1.213.1.4.8' } : {}),
        socialSecurityNumber: nirBody,
        weightKg: weight,
        heightCm: female ? rng.int(150, 178) : rng.int(160, 192),
        externalId: `IPP-${String(480000 + order * 37).padStart(7, '0')}`,
        admissionDate: iso(start.minus({ days: rng.int(0, 5) })),
        ...(service === 'Chirurgie orthopédique' ? { operationDate: iso(start.minus({ days: rng.int(0, 3) })) } : {}),
        address: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
        postalCode: place.postalCode,
        city: place.city,
        ...(rng.chance(0.3) ? { globalReferenceValue: rng.int(1, 5) } : {}),
      };
      const identity = {
        status: identityStatus,
        doubtful: identityStatus === 'PROVISIONAL' && rng.chance(0.2),
        fictitious: false,
        namesake: rng.chance(0.1),
        verifiedAt: identityStatus === 'PROVISIONAL' ? null : cap(new Date(createdAt.getTime() + rng.int(1, 48) * 3_600_000)),
      };

      const history: DemoPatient['history'] = [];
      const actor = () => rng.int(0, 9);
      if (identityStatus !== 'PROVISIONAL') {
        const at = identity.verifiedAt!;
        history.push({ kind: 'IDENTITY_SEARCH', at: new Date(Math.max(firstActivity, at.getTime() - 600_000)), actor: actor(), payload: { outcome: 'found' } });
        if (identityStatus !== 'VALIDATED') history.push({ kind: 'IDENTITY_VERIFIED', at, actor: actor(), payload: { status: identityStatus } });
      } else if (rng.chance(0.3)) {
        history.push({ kind: 'IDENTITY_SEARCH', at: between(), actor: actor(), payload: { outcome: rng.pick(['not_found', 'several_matches']) } });
        if (rng.chance(0.5)) history.push({ kind: 'IDENTITY_VERIFICATION_FAILED', at: between(), actor: actor(), payload: { outcome: 'service_error' } });
      }
      if (rng.chance(0.5)) history.push({ kind: 'PROFILE_UPDATED', at: between(), actor: actor(), payload: { fields: rng.sample(['mobilePhone', 'address', 'weightKg', 'email', 'city'], rng.int(1, 2)) } });

      const caregiverList: DemoPatient['caregivers'] = [];
      if (status !== 'AWAITING' && rng.chance(0.35)) {
        const relation = rng.pick(RELATIONS);
        const relFirst = rng.pick(rng.chance(0.5) ? women : men);
        const relLast = relation === 'épouse' || relation === 'époux' ? (usedLastName ?? lastName) : lastName;
        const addedAt = between();
        caregiverList.push({ firstName: relFirst, lastName: relLast, relation, email: `${plain(relFirst)}.${plain(relLast)}.aidant${order}@${DEMO_PATIENT_DOMAIN}`, addedAt });
      }
      // The app's payload (server/care/caregivers/repository.ts); the account's id is known once inserted.
      for (const c of caregiverList) history.push({ kind: 'CAREGIVER_ADDED', at: c.addedAt, actor: actor(), payload: { email: c.email, name: `${c.firstName} ${c.lastName}`, newAccount: true } });

      const notes: DemoPatient['notes'] = status === 'AWAITING' ? [] : rng.sample(NOTES, rng.int(0, 3)).map((text) => ({ text, at: between(), author: actor(), archived: rng.chance(0.15) }));
      for (const n of notes) {
        history.push({ kind: 'NOTE_ADDED', at: n.at, actor: n.author, payload: {} });
        if (n.archived) history.push({ kind: 'NOTE_ARCHIVED', at: new Date(Math.min(lastActivity, n.at.getTime() + 3 * DAY)), actor: n.author, payload: {} });
      }

      const likely = PATHOLOGIES_BY_SERVICE[service] ?? DEMO_PATHOLOGIES.map((p) => p.slug);
      const conditions: DemoPatient['conditions'] = rng.sample(likely, rng.int(1, 3)).map((slug) => ({
        slug, diagnosedOn: rng.chance(0.7) ? iso(birth.plus({ years: Math.max(18, age - rng.int(1, 15)) })) : null,
        note: rng.chance(0.3) ? rng.pick(['Stade II', 'Sous traitement depuis le diagnostic', 'Découvert lors de l\'hospitalisation', 'Bien équilibré']) : null,
        at: cap(new Date(createdAt.getTime() + rng.int(1, 72) * 3_600_000)), author: actor(),
      }));
      for (const c of conditions) history.push({ kind: 'CONDITION_ADDED', at: c.at, actor: c.author, payload: { slug: c.slug } });
      if (status === 'CLOSED') history.push({ kind: 'FILE_CLOSED', at: closedAt!, actor: actor(), payload: { ...closing } });

      out.push({
        key: `${establishment}#${i}`, establishment, service, email, shown: { firstName: first, lastName: usedLastName ?? lastName }, form, identity,
        file: {
          status, createdAt, startDate: iso(start), endDate, closedAt, closingReasonType: closing?.closingReasonType ?? null,
          closingReason: closing?.closingReason ?? null, patientDataActive: status !== 'OPEN' || rng.chance(0.9),
        },
        caregivers: caregiverList, notes, conditions,
        history: history.sort((a, b) => a.at.getTime() - b.at.getTime()),
      });
    }
  }
  return out;
}

/** The population provisionDemo writes for `now`: its sizes and the demo establishments' services (tests read it). */
export function demoPopulationOf(now: Date): DemoPatient[] {
  const services = Object.fromEntries(DEMO_ESTABLISHMENTS.map((e) => [e.key, [...e.services]]));
  return demoPopulation(now, Object.fromEntries(DEMO_ESTABLISHMENTS.map((e) => [e.key, DEMO_POPULATION_SIZES[e.key] ?? 4])), services);
}

export interface PopulationContext {
  now: Date;
  establishmentIds: ReadonlyMap<string, string>;
  /** `${establishmentKey}/${serviceName}` → service id. */
  serviceIds: ReadonlyMap<string, string>;
  /** Professionals who act on each establishment's files (history actors, note authors): at least one each. */
  professionals: ReadonlyMap<string, readonly string[]>;
}

/** Writes the pathologies, identity-document types and the population: one insert per table. */
export async function provisionPopulation(tx: Db, context: PopulationContext): Promise<void> {
  const { now, establishmentIds, serviceIds, professionals } = context;
  const establishmentKeys = [...establishmentIds.keys()];
  const pathologyRows = await tx.insert(pathologies).values(establishmentKeys.flatMap((key) => DEMO_PATHOLOGIES.map((p) => ({
    establishmentId: establishmentIds.get(key)!, slug: p.slug, name: p.name, description: p.description, createdAt: now,
  })))).returning({ id: pathologies.id, establishmentId: pathologies.establishmentId, slug: pathologies.slug });
  const pathologyId = new Map(pathologyRows.map((p) => [`${p.establishmentId}/${p.slug}`, p.id]));
  await tx.insert(identityDocumentTypes).values(establishmentKeys.flatMap((key) => DEMO_IDENTITY_DOCUMENT_TYPES.map((label) => ({
    establishmentId: establishmentIds.get(key)!, label, createdAt: now,
  }))));

  const servicesOf: Record<string, string[]> = {};
  for (const ref of serviceIds.keys()) {
    const [key, name] = [ref.slice(0, ref.indexOf('/')), ref.slice(ref.indexOf('/') + 1)];
    (servicesOf[key] ??= []).push(name);
  }
  const sizes = Object.fromEntries(establishmentKeys.map((key) => [key, DEMO_POPULATION_SIZES[key] ?? 4]));
  const population = demoPopulation(now, sizes, servicesOf);

  const patientRows = await tx.insert(users).values(population.map((p) => ({
    email: p.email, passwordHash: UNUSABLE_PASSWORD_HASH, roles: ['ROLE_PATIENT'],
    firstName: p.shown.firstName, lastName: p.shown.lastName,
    givenNames: p.form.firstNames, usedFirstName: p.form.usedFirstName ?? null, usedName: p.form.usedLastName ?? null,
    birthName: p.form.birthName, firstBirthName: p.form.firstBirthName ?? null, birthDate: p.form.birthDate, sex: p.form.sex,
    phone: normaliseMobilePhone(p.form.mobilePhone) ?? null, language: 'fr', birthPlaceInsee: p.form.birthPlaceInsee ?? null, birthCountry: p.form.birthCountry ?? null,
    address: p.form.address ?? null, postalCode: p.form.postalCode ?? null, city: p.form.city ?? null,
    weightKg: p.form.weightKg ?? null, heightCm: p.form.heightCm ?? null, externalId: p.form.externalId ?? null,
    insNumber: p.form.insNumber ?? null, oid: p.form.oid ?? null, socialSecurityNumber: p.form.socialSecurityNumber ?? null,
    globalReferenceValue: p.form.globalReferenceValue ?? null,
    identityStatus: p.identity.status, identityDoubtful: p.identity.doubtful, identityFictitious: p.identity.fictitious,
    identityNamesake: p.identity.namesake, identityVerifiedAt: p.identity.verifiedAt,
    cguAcceptedAt: p.file.createdAt, personalDataConsentAt: p.file.createdAt, createdAt: p.file.createdAt,
  }))).returning({ id: users.id, email: users.email });
  const patientId = new Map(patientRows.map((r) => [r.email, r.id]));

  const actorOf = (p: DemoPatient, n: number) => {
    const list = professionals.get(p.establishment) ?? [];
    return list.length ? list[n % list.length]! : null;
  };
  const fileRows = await tx.insert(patientFiles).values(population.map((p) => ({
    patientId: patientId.get(p.email)!, serviceId: serviceIds.get(`${p.establishment}/${p.service}`)!, status: p.file.status,
    startDate: p.file.startDate, endDate: p.file.endDate, createdAt: p.file.createdAt, closedAt: p.file.closedAt,
    closingReasonType: p.file.closingReasonType, closingReason: p.file.closingReason,
    closedBy: p.file.closedAt ? actorOf(p, 0) : null, admissionDate: p.form.admissionDate ?? null, operationDate: p.form.operationDate ?? null,
    patientDataActive: p.file.patientDataActive, createdBy: actorOf(p, 1),
  }))).returning({ id: patientFiles.id, patientId: patientFiles.patientId });
  const fileOf = new Map(fileRows.map((r) => [r.patientId, r.id]));
  const fileId = (p: DemoPatient) => fileOf.get(patientId.get(p.email)!)!;

  const relatives = population.flatMap((p) => p.caregivers.map((c) => ({ p, c })));
  const relativeRows = relatives.length ? await tx.insert(users).values(relatives.map(({ c }) => ({
    email: c.email, passwordHash: UNUSABLE_PASSWORD_HASH, roles: ['ROLE_PATIENT'], firstName: c.firstName, lastName: c.lastName,
    language: 'fr', cguAcceptedAt: c.addedAt, personalDataConsentAt: c.addedAt, createdAt: c.addedAt,
  }))).returning({ id: users.id, email: users.email }) : [];
  const relativeId = new Map(relativeRows.map((r) => [r.email, r.id]));
  if (relatives.length) {
    await tx.insert(caregivers).values(relatives.map(({ p, c }) => ({
      patientFileId: fileId(p), userId: relativeId.get(c.email)!, addedAt: c.addedAt, addedBy: actorOf(p, 2),
    })));
  }

  const notes = population.flatMap((p) => p.notes.map((n) => ({ p, n })));
  if (notes.length) {
    await tx.insert(patientFileNotes).values(notes.map(({ p, n }) => ({
      patientFileId: fileId(p), authorId: actorOf(p, n.author)!, text: n.text, createdAt: n.at,
      archivedAt: n.archived ? new Date(Math.min(now.getTime(), n.at.getTime() + 3 * DAY)) : null, archivedBy: n.archived ? actorOf(p, n.author) : null,
    })));
  }

  const conditions = population.flatMap((p) => p.conditions.map((c) => ({ p, c })));
  if (conditions.length) {
    await tx.insert(patientConditions).values(conditions.map(({ p, c }) => ({
      patientFileId: fileId(p), pathologyId: pathologyId.get(`${establishmentIds.get(p.establishment)}/${c.slug}`)!,
      diagnosedOn: c.diagnosedOn, note: c.note, createdBy: actorOf(p, c.author), createdAt: c.at,
    })));
  }

  const caregiverAdded = (payload: Record<string, unknown>) => {
    const { email, ...rest } = payload as { email: string };
    return { userId: relativeId.get(email)!, ...rest };
  };
  const entries = population.flatMap((p) => p.history.map((h) => ({ p, h })));
  if (entries.length) {
    await tx.insert(patientFileHistory).values(entries.map(({ p, h }) => ({
      patientFileId: fileId(p), type: h.kind, actorId: h.actor === 'patient' ? patientId.get(p.email)! : actorOf(p, h.actor),
      occurredAt: h.at, payload: h.kind === 'CAREGIVER_ADDED' ? caregiverAdded(h.payload) : h.payload,
    })));
  }
}
