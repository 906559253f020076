/**
 * The patient form's rules (spec 001 §5, §9), shared by the server and the client: a table of valid
 * and invalid values per field, each invalid one with the code a person will see on the field, and
 * every code with its message in fr, en and ar.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ERROR_CODES } from '../../schemas/errors.ts';
import {
  insNumberError, nirKey, normaliseMobilePhone, normalisePatientForm, patientFormSchema, validatePatientForm, type PatientForm, type PatientFormField,
} from '../../schemas/patient-form.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };

const TODAY = '2026-11-23';
/** A valid form with only the required fields and an e-mail; each case changes one field. */
const BASE = { firstNames: 'Marie, Anne-Sophie', birthName: 'DUPONT', sex: 'female', birthDate: '1985-05-14', email: 'marie.dupont@example.fr' };

/** The codes of one field when only that field changes. */
const codesOf = (field: PatientFormField, value: unknown) =>
  validatePatientForm({ ...BASE, [field]: value }, TODAY).filter((error) => error.field === `body.${field}`).map((error) => error.code);

const long = (length: number) => 'a'.repeat(length);

/** [field, value, expected code or undefined when valid]. */
const CASES: [PatientFormField, unknown, string | undefined][] = [
  // First names: several, comma-separated; accents allowed; no special characters
  ['firstNames', 'Marie', undefined],
  ['firstNames', 'Marie, Anne-Sophie,Éloïse', undefined],
  ['firstNames', "Jean-Pierre, N'Golo", undefined],
  ['firstNames', 'Marie,', 'first_names_invalid'],
  ['firstNames', 'Marie2', 'first_names_invalid'],
  ['firstNames', 'Marie; Anne', 'first_names_invalid'],
  ['firstNames', 'Marie--Anne', 'first_names_invalid'],
  ['firstNames', 'M', 'value_too_short'],
  ['firstNames', `Ma${long(99)}`, 'value_too_long'],
  ['firstNames', '', 'field_required'],
  ['firstNames', '   ', 'field_required'],
  // Birth name: no accents or diacritics, ≤ 100
  ['birthName', 'DUPONT', undefined],
  ['birthName', "de La Tour-d'Auvergne", undefined],
  ['birthName', 'LÉGER', 'birth_name_diacritics'],
  ['birthName', 'Françoise', 'birth_name_diacritics'],
  ['birthName', 'STRAßE', 'birth_name_diacritics'],
  ['birthName', 'DUPONT2', 'name_invalid'],
  ['birthName', 'DUPONT, MARTIN', 'name_invalid'],
  ['birthName', 'A'.repeat(100), undefined],
  ['birthName', 'A'.repeat(101), 'value_too_long'],
  ['birthName', undefined, 'field_required'],
  // Other names: letters with accents, one name
  ['firstBirthName', 'Éloïse', undefined],
  ['firstBirthName', 'Marie, Anne', 'name_invalid'],
  ['usedFirstName', 'Zoé', undefined],
  ['usedFirstName', 'Z', 'value_too_short'],
  ['usedLastName', 'Müller-Lüdenscheidt', undefined],
  ['usedLastName', 'Müller & fils', 'name_invalid'],
  // Sex
  ['sex', 'male', undefined],
  ['sex', 'unknown', undefined],
  ['sex', 'other', 'value_invalid'],
  ['sex', null, 'field_required'],
  // Birth date: a full, real date, not after today
  ['birthDate', '1985-05-14', undefined],
  ['birthDate', TODAY, undefined],
  ['birthDate', '2024-02-29', undefined],
  ['birthDate', '2026-11-24', 'birth_date_in_future'],
  ['birthDate', '2023-02-29', 'date_invalid'],
  ['birthDate', '2024-02-30', 'date_invalid'],
  ['birthDate', '1985-05', 'date_invalid'],
  ['birthDate', '14/05/1985', 'date_invalid'],
  // Dates without the "not after today" rule
  ['admissionDate', '2027-01-04', undefined],
  ['admissionDate', '2027-13-01', 'date_invalid'],
  ['operationDate', '2026-06-31', 'date_invalid'],
  ['operationDate', '2026-06-300', 'date_invalid'],
  // INSEE codes (commune; Corsica is 2A/2B; 99xxx a country)
  ['birthPlaceInsee', '75056', undefined],
  ['birthPlaceInsee', '2A004', undefined],
  ['birthPlaceInsee', '7505', 'insee_code_invalid'],
  ['birthPlaceInsee', '75-56', 'insee_code_invalid'],
  ['birthPlaceInsee', '750561', 'value_too_long'],
  ['birthCountry', '99100', undefined],
  ['birthCountry', 'FR', 'insee_code_invalid'],
  // E-mail: format, ≤ 180
  ['email', 'a@b.fr', undefined],
  ['email', `${long(169)}@example.fr`, undefined],
  ['email', `${long(170)}@example.fr`, 'value_too_long'],
  ['email', 'marie.dupont', 'email_invalid'],
  ['email', 'marie @example.fr', 'email_invalid'],
  ['email', 'marie@example', 'email_invalid'],
  // Mobile phone: French (06, 07, +33) and international mobiles; landlines refused (they receive no SMS)
  ['mobilePhone', '06 12 34 56 78', undefined],
  ['mobilePhone', '07 81 23 45 67', undefined],
  ['mobilePhone', '+33 6 12 34 56 78', undefined],
  ['mobilePhone', '+44 7911 123456', undefined],
  ['mobilePhone', '+212 6 12 34 56 78', undefined],
  ['mobilePhone', '01 42 68 53 00', 'phone_invalid'],
  ['mobilePhone', '+33 1 42 68 53 00', 'phone_invalid'],
  ['mobilePhone', '06 12 34', 'phone_invalid'],
  ['mobilePhone', 'not a phone', 'phone_invalid'],
  // INS number: 13 NIR characters + key = 97 − (NIR mod 97); 2A → 19, 2B → 18
  ['insNumber', '255081416802538', undefined],
  ['insNumber', '2 55 08 14 168 025 38', undefined],
  ['insNumber', '185057800608491', undefined],
  ['insNumber', '255081416802539', 'ins_key_invalid'],
  ['insNumber', '185057800608419', 'ins_key_invalid'],
  ['insNumber', '269052A12345688', undefined],
  ['insNumber', '269052a12345688', undefined],
  ['insNumber', '155082B04501294', undefined],
  ['insNumber', '269052A12345661', 'ins_key_invalid'],
  ['insNumber', '155082B04501240', 'ins_key_invalid'],
  ['insNumber', '25508141680253', 'ins_number_invalid'],
  ['insNumber', '2550814168025380', 'ins_number_invalid'],
  ['insNumber', '955081416802538', 'ins_number_invalid'],
  ['insNumber', '269052C12345688', 'ins_number_invalid'],
  // OID
  ['oid', '1.2.250.1.213.1.4.8', undefined],
  ['oid', '1.2.250.1.213.1.4.10', undefined],
  ['oid', '1.2.250.01', 'oid_invalid'],
  ['oid', '3.1', 'oid_invalid'],
  ['oid', 'INS-NIR', 'oid_invalid'],
  // Identity attributes
  ['doubtful', true, undefined],
  ['fictitious', false, undefined],
  ['namesake', 'yes', 'value_invalid'],
  // Global reference value: an integer
  ['globalReferenceValue', 12, undefined],
  ['globalReferenceValue', 0, undefined],
  ['globalReferenceValue', -3, undefined],
  ['globalReferenceValue', 12.5, 'integer_required'],
  ['globalReferenceValue', '12', 'integer_required'],
  ['globalReferenceValue', 2 ** 31, 'value_out_of_range'],
  // Social security number: exactly 13 (Corsica's 2A/2B included)
  ['socialSecurityNumber', '2550814168025', undefined],
  ['socialSecurityNumber', '2 55 08 14 168 025', undefined],
  ['socialSecurityNumber', '269052A123456', undefined],
  ['socialSecurityNumber', '25508141680253', 'social_security_number_invalid'],
  ['socialSecurityNumber', '255081416802X', 'social_security_number_invalid'],
  ['socialSecurityNumber', '255081416802', 'social_security_number_invalid'],
  // Measures
  ['weightKg', 72.5, undefined],
  ['weightKg', 72500, 'value_out_of_range'],
  ['weightKg', 0, 'value_out_of_range'],
  ['heightCm', 172, undefined],
  ['heightCm', 1.72, 'value_out_of_range'],
  ['heightCm', '172', 'value_invalid'],
  // Texts 2–100, text area 2–500
  ['externalId', 'X', undefined],
  ['externalId', long(101), 'value_too_long'],
  ['city', 'Nice', undefined],
  ['city', 'N', 'value_too_short'],
  ['city', long(101), 'value_too_long'],
  ['address', '12 rue de France\nBâtiment B', undefined],
  ['address', long(500), undefined],
  ['address', long(501), 'value_too_long'],
  ['postalCode', '06000', undefined],
  ['postalCode', 'SW1A 1AA', undefined],
  ['postalCode', long(11), 'value_too_long'],
];

describe('patient form rules (spec 001 §5, §9)', () => {
  it.each(CASES)('%s = %j → %s', (field, value, code) => {
    expect(codesOf(field, value)).toEqual(code ? [code] : []);
  });

  it('the table covers every field of the form', () => {
    expect(new Set(CASES.map(([field]) => field))).toEqual(new Set(Object.keys(patientFormSchema.properties)));
  });

  it('a valid complete form has no error', () => {
    const complete = {
      ...BASE, firstBirthName: 'Marie', usedFirstName: 'Marion', usedLastName: 'Martin', birthPlaceInsee: '06088',
      mobilePhone: '+33612345678', insNumber: '255081416802538', oid: '1.2.250.1.213.1.4.8', doubtful: false, fictitious: false,
      namesake: true, globalReferenceValue: 3, socialSecurityNumber: '2550814168025', weightKg: 60, heightCm: 165, externalId: 'IPP-0042',
      admissionDate: '2026-11-20', operationDate: '2026-11-21', address: '1 promenade des Anglais', postalCode: '06000', city: 'Nice', birthCountry: '99100',
    } satisfies Record<PatientFormField, unknown>;
    expect(validatePatientForm(complete, TODAY)).toEqual([]);
  });

  it('says every invalid field at once, not only the first', () => {
    expect(validatePatientForm({ firstNames: 'M@rie', birthName: 'LÉGER', sex: 'female', birthDate: '2030-01-01', insNumber: '255081416802539' }, TODAY))
      .toEqual([
        { field: 'body.firstNames', code: 'first_names_invalid', params: {} },
        { field: 'body.birthName', code: 'birth_name_diacritics', params: {} },
        { field: 'body.birthDate', code: 'birth_date_in_future', params: {} },
        { field: 'body.insNumber', code: 'ins_key_invalid', params: {} },
        { field: 'body.email', code: 'email_or_mobile_required', params: {} },
        { field: 'body.mobilePhone', code: 'email_or_mobile_required', params: {} },
      ]);
  });

  it('an e-mail or a mobile phone is required, either one is enough', () => {
    const { email: _, ...noContact } = BASE;
    expect(validatePatientForm({ ...noContact, email: ' ', mobilePhone: '' }, TODAY).map((e) => e.code)).toEqual(['email_or_mobile_required', 'email_or_mobile_required']);
    expect(validatePatientForm({ ...noContact, mobilePhone: '06 12 34 56 78' }, TODAY)).toEqual([]);
    expect(validatePatientForm(BASE, TODAY)).toEqual([]);
    // An invalid phone is said as such, not as a missing contact
    expect(validatePatientForm({ ...noContact, mobilePhone: '01 42 68 53 00' }, TODAY).map((e) => e.code)).toEqual(['phone_invalid']);
  });

  it('bounds carry their parameters for the message', () => {
    expect(validatePatientForm({ ...BASE, city: 'N' }, TODAY)).toEqual([{ field: 'body.city', code: 'value_too_short', params: { min: 2 } }]);
    expect(validatePatientForm({ ...BASE, address: long(501) }, TODAY)).toEqual([{ field: 'body.address', code: 'value_too_long', params: { max: 500 } }]);
  });

  it('the birth date is checked against the day given, not a clock', () => {
    expect(codesOf('birthDate', '2026-11-24')).toEqual(['birth_date_in_future']);
    expect(validatePatientForm({ ...BASE, birthDate: '2026-11-24' }, '2026-11-24')).toEqual([]);
  });

  it('phones are normalised to E.164', () => {
    expect(normaliseMobilePhone('06 12 34 56 78')).toBe('+33612345678');
    expect(normaliseMobilePhone('+33 (0)6 12 34 56 78')).toBe('+33612345678');
    expect(normaliseMobilePhone('+44 7911 123456')).toBe('+447911123456');
    expect(normaliseMobilePhone('01 42 68 53 00')).toBeUndefined();
  });

  it('the INS key substitutes 19 for 2A and 18 for 2B', () => {
    expect(nirKey('2550814168025')).toBe(38);
    expect(nirKey('269052A123456')).toBe(97 - Number(2690519123456n % 97n));
    expect(nirKey('155082B045012')).toBe(97 - Number(1550818045012n % 97n));
    expect(insNumberError('269052B12345688')).toBe('ins_key_invalid');
  });
});

describe('the PatientForm type, derived from the schema', () => {
  it('has the required identity fields and typed optional ones', () => {
    expectTypeOf<PatientForm['sex']>().toEqualTypeOf<'male' | 'female' | 'unknown'>();
    expectTypeOf<PatientForm['birthName']>().toEqualTypeOf<string>();
    expectTypeOf<PatientForm['globalReferenceValue']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PatientForm['namesake']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf({ ...BASE, sex: 'female' as const }).toExtend<PatientForm>();
  });
});

describe('normalisePatientForm', () => {
  it('drops blank optional values and stores identifiers in one spelling', () => {
    expect(normalisePatientForm({
      ...BASE, firstNames: '  Marie, Anne ', city: '', postalCode: null, mobilePhone: '06 12 34 56 78', insNumber: '2 69 05 2a 123 456 88',
      socialSecurityNumber: '2 69 05 2a 123 456', birthPlaceInsee: '2a004', doubtful: false, globalReferenceValue: 0,
    })).toEqual({
      ...BASE, firstNames: 'Marie, Anne', mobilePhone: '+33612345678', insNumber: '269052A12345688', socialSecurityNumber: '269052A123456',
      birthPlaceInsee: '2A004', doubtful: false, globalReferenceValue: 0,
    });
  });
});

describe('the JSON Schema agrees with the rules', () => {
  // Fastify validates bodies with Ajv and ajv-formats: the same here, so the server never refuses what the form accepts.
  const ajv = new Ajv({ allErrors: true });
  addFormats.default(ajv);
  const schemaAccepts = ajv.compile(patientFormSchema);

  it.each(CASES.filter(([, value, code]) => code === undefined && value !== undefined))('the schema accepts %s = %j', (field, value) => {
    expect(schemaAccepts({ ...BASE, [field]: value }), JSON.stringify(schemaAccepts.errors)).toBe(true);
  });

  it.each([
    ['birthName', 'A'.repeat(101)], ['email', `${long(170)}@example.fr`], ['email', 'marie.dupont'], ['sex', 'other'],
    ['birthPlaceInsee', '7505'], ['oid', '3.1'], ['globalReferenceValue', 12.5], ['address', long(501)], ['city', 'N'], ['birthDate', '2024-02-30'],
  ] as const)('the schema refuses %s = %j as the rules do', (field, value) => {
    expect(schemaAccepts({ ...BASE, [field]: value })).toBe(false);
    expect(codesOf(field, value)).not.toEqual([]);
  });
});

describe('patient form messages', () => {
  const codes = [...new Set([...CASES.map(([, , code]) => code).filter((code) => code !== undefined), 'email_or_mobile_required'])];
  it.each(Object.entries({ fr: fr.errors, en: en.errors, ar: ar.errors }))('every code used has its %s message', (_, messages) => {
    expect(codes.filter((code) => typeof (messages as Record<string, unknown>)[code] !== 'string' || !(code in ERROR_CODES))).toEqual([]);
  });
  it('the required message is the spec\'s', () => {
    expect([fr.errors.field_required, en.errors.field_required]).toEqual(['Ce champ est obligatoire', 'This field is required']);
  });
});
