/**
 * The demo establishments' telemonitoring catalogue (issue 11): indicator types, UCUM units, the
 * usual vital signs and glycaemia with default alert thresholds, intervention levels with the
 * spec's alert colours, alert statuses, who is called at which level, and the form types. Thresholds follow
 * common adult telemonitoring practice (heart failure, hypertension, COPD, diabetes follow-up);
 * they are demo values, which each establishment reviews with its physicians.
 */
import type { Db } from '../db/client.ts';
import {
  alertStatuses, formTypes, indicatorBoundaries, indicators, indicatorTypes, interventionLevels, personInterventionLevels, units,
} from '../db/schema.ts';
import type { BoundaryMode, BoundaryOperator } from '../../schemas/telemonitoring.ts';

type Text = { fr: string; en: string; ar: string };
type LevelKey = 'urgent' | 'watch' | 'info';

const TYPES = {
  vitals: { fr: 'Constantes vitales', en: 'Vital signs', ar: 'العلامات الحيوية' },
  biology: { fr: 'Biologie', en: 'Laboratory', ar: 'التحاليل' },
} satisfies Record<string, Text>;

/** How the demo establishments sort their questionnaires (spec 001 §3 form types). */
const FORM_TYPES: readonly Text[] = [
  { fr: 'Suivi quotidien', en: 'Daily follow-up', ar: 'متابعة يومية' },
  { fr: 'Évaluation clinique', en: 'Clinical assessment', ar: 'تقييم سريري' },
  { fr: 'Satisfaction', en: 'Satisfaction', ar: 'الرضا' },
];

const UNITS = {
  kg: { ucumCode: 'kg', symbol: 'kg', name: { fr: 'Kilogramme', en: 'Kilogram', ar: 'كيلوغرام' } },
  mmHg: { ucumCode: 'mm[Hg]', symbol: 'mmHg', name: { fr: 'Millimètre de mercure', en: 'Millimetre of mercury', ar: 'مليمتر زئبق' } },
  bpm: { ucumCode: '/min', symbol: 'bpm', name: { fr: 'Battements par minute', en: 'Beats per minute', ar: 'نبضة في الدقيقة' } },
  percent: { ucumCode: '%', symbol: '%', name: { fr: 'Pourcentage', en: 'Percent', ar: 'نسبة مئوية' } },
  celsius: { ucumCode: 'Cel', symbol: '°C', name: { fr: 'Degré Celsius', en: 'Degree Celsius', ar: 'درجة مئوية' } },
  mmolL: { ucumCode: 'mmol/L', symbol: 'mmol/L', name: { fr: 'Millimole par litre', en: 'Millimole per litre', ar: 'مليمول في اللتر' } },
} as const;

interface Boundary { level: LevelKey; operator: BoundaryOperator; value: number; mode?: BoundaryMode }
interface IndicatorSeed {
  reference: string; name: Text; type: keyof typeof TYPES; unit: keyof typeof UNITS; decimals: number;
  referenceValue?: number; molecularWeight?: number; boundaries: Boundary[];
  /** What can be true, in the unit (issue 18): outside, a value is refused. Migration 0013 copies these. */
  plausible: { min: number; max: number };
}

/** Stable references: forms map answers to them (weight), layouts chart them. */
export const DEMO_INDICATORS: readonly IndicatorSeed[] = [
  {
    reference: 'weight', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, type: 'vitals', unit: 'kg', decimals: 1,
    plausible: { min: 0.5, max: 500 },
    // Heart failure: a gain of 2 kg over the patient's reference (dry) weight; 3 kg is urgent.
    boundaries: [{ level: 'watch', operator: '>', value: 2, mode: 'RELATIVE' }, { level: 'urgent', operator: '>=', value: 3, mode: 'RELATIVE' }],
  },
  {
    reference: 'systolic', name: { fr: 'Pression artérielle systolique', en: 'Systolic blood pressure', ar: 'ضغط الدم الانقباضي' }, type: 'vitals', unit: 'mmHg', decimals: 0,
    referenceValue: 120,
    plausible: { min: 30, max: 300 },
    boundaries: [{ level: 'urgent', operator: '>=', value: 180 }, { level: 'watch', operator: '>=', value: 160 }, { level: 'watch', operator: '<', value: 90 }],
  },
  {
    reference: 'diastolic', name: { fr: 'Pression artérielle diastolique', en: 'Diastolic blood pressure', ar: 'ضغط الدم الانبساطي' }, type: 'vitals', unit: 'mmHg', decimals: 0,
    referenceValue: 80,
    plausible: { min: 30, max: 300 },
    boundaries: [{ level: 'urgent', operator: '>=', value: 110 }, { level: 'watch', operator: '>=', value: 100 }],
  },
  {
    reference: 'heart_rate', name: { fr: 'Fréquence cardiaque', en: 'Heart rate', ar: 'معدل ضربات القلب' }, type: 'vitals', unit: 'bpm', decimals: 0,
    referenceValue: 70,
    plausible: { min: 20, max: 300 },
    boundaries: [{ level: 'urgent', operator: '>', value: 130 }, { level: 'urgent', operator: '<', value: 40 }, { level: 'watch', operator: '>', value: 110 }, { level: 'watch', operator: '<', value: 50 }],
  },
  {
    reference: 'spo2', name: { fr: 'Saturation en oxygène', en: 'Oxygen saturation', ar: 'تشبع الأكسجين' }, type: 'vitals', unit: 'percent', decimals: 0,
    referenceValue: 97,
    plausible: { min: 0, max: 100 },
    boundaries: [{ level: 'urgent', operator: '<', value: 88 }, { level: 'watch', operator: '<', value: 92 }],
  },
  {
    reference: 'temperature', name: { fr: 'Température', en: 'Temperature', ar: 'درجة الحرارة' }, type: 'vitals', unit: 'celsius', decimals: 1,
    referenceValue: 37,
    plausible: { min: 25, max: 45 },
    boundaries: [{ level: 'urgent', operator: '>=', value: 40 }, { level: 'watch', operator: '>=', value: 38.5 }, { level: 'watch', operator: '<', value: 35.5 }],
  },
  {
    reference: 'glucose', name: { fr: 'Glycémie', en: 'Blood glucose', ar: 'سكر الدم' }, type: 'biology', unit: 'mmolL', decimals: 1,
    molecularWeight: 180.156,
    // What meters report: 0.6–33.3 mmol/L (10–600 mg/dL).
    plausible: { min: 0.6, max: 33.3 },
    boundaries: [{ level: 'urgent', operator: '<', value: 3 }, { level: 'watch', operator: '<', value: 3.9 }, { level: 'watch', operator: '>', value: 13.9 }],
  },
];

const LEVELS: Record<LevelKey, { rank: number; colour: 'red' | 'pink' | 'blue'; name: Text }> = {
  urgent: { rank: 1, colour: 'red', name: { fr: 'Urgence', en: 'Urgent', ar: 'عاجل' } },
  watch: { rank: 2, colour: 'pink', name: { fr: 'Vigilance', en: 'Watch', ar: 'يقظة' } },
  info: { rank: 3, colour: 'blue', name: { fr: 'Information', en: 'Information', ar: 'معلومة' } },
};

const STATUSES: { name: Text; closesAlert: boolean }[] = [
  { name: { fr: 'Patient appelé', en: 'Patient called', ar: 'تم الاتصال بالمريض' }, closesAlert: false },
  { name: { fr: 'Avis médical demandé', en: 'Medical opinion requested', ar: 'تم طلب رأي طبي' }, closesAlert: false },
  { name: { fr: 'Traitement adapté', en: 'Treatment adjusted', ar: 'تم تعديل العلاج' }, closesAlert: true },
  { name: { fr: 'Hospitalisation', en: 'Hospitalisation', ar: 'دخول المستشفى' }, closesAlert: true },
  { name: { fr: 'Fausse alerte', en: 'False alarm', ar: 'إنذار كاذب' }, closesAlert: true },
];

export interface DemoCatalogue { indicatorIds: Map<string, string>; levelIds: Map<LevelKey, string>; statusIds: string[] }

/** One establishment's catalogue; `onCall` says who is called at which level in which of its services. */
export async function provisionTelemonitoringCatalogue(
  tx: Db, establishmentId: string, onCall: { personId: string; level: LevelKey; serviceId: string }[],
): Promise<DemoCatalogue> {
  const typeIds = new Map<string, string>();
  for (const [key, name] of Object.entries(TYPES)) {
    const [row] = await tx.insert(indicatorTypes).values({ establishmentId, name }).returning({ id: indicatorTypes.id });
    typeIds.set(key, row!.id);
  }
  await tx.insert(formTypes).values(FORM_TYPES.map((name) => ({ establishmentId, name })));
  const unitIds = new Map<string, string>();
  for (const [key, unit] of Object.entries(UNITS)) {
    const [row] = await tx.insert(units).values({ establishmentId, ...unit }).returning({ id: units.id });
    unitIds.set(key, row!.id);
  }
  const levelIds = new Map<LevelKey, string>();
  for (const [key, level] of Object.entries(LEVELS) as [LevelKey, (typeof LEVELS)[LevelKey]][]) {
    const [row] = await tx.insert(interventionLevels).values({ establishmentId, ...level }).returning({ id: interventionLevels.id });
    levelIds.set(key, row!.id);
  }
  const statusIds: string[] = [];
  for (const status of STATUSES) {
    const [row] = await tx.insert(alertStatuses).values({ establishmentId, ...status }).returning({ id: alertStatuses.id });
    statusIds.push(row!.id);
  }
  const indicatorIds = new Map<string, string>();
  for (const seed of DEMO_INDICATORS) {
    const [row] = await tx.insert(indicators).values({
      establishmentId, reference: seed.reference, name: seed.name, typeId: typeIds.get(seed.type)!, unitId: unitIds.get(seed.unit)!,
      decimals: seed.decimals, referenceValue: seed.referenceValue ?? null, molecularWeight: seed.molecularWeight ?? null,
      plausibleMin: seed.plausible.min, plausibleMax: seed.plausible.max,
    }).returning({ id: indicators.id });
    indicatorIds.set(seed.reference, row!.id);
    await tx.insert(indicatorBoundaries).values(seed.boundaries.map((b) => ({
      indicatorId: row!.id, levelId: levelIds.get(b.level)!, operator: b.operator, value: b.value, mode: b.mode ?? 'ABSOLUTE',
    })));
  }
  for (const call of onCall) {
    await tx.insert(personInterventionLevels).values({ personId: call.personId, levelId: levelIds.get(call.level)!, serviceId: call.serviceId });
  }
  return { indicatorIds, levelIds, statusIds };
}
