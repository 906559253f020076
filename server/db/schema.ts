/**
 * The relational model. Times are stored in UTC (timestamptz). Privileges are held per
 * establishment and per service (spec 001 §3, "Privilege entry").
 */
import { sql } from 'drizzle-orm';
import { CLOSING_REASON_TYPES } from '../../schemas/patient-file-status.ts';
import {
  type AnyPgColumn, bigint, boolean, check, customType, date, doublePrecision, index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  givenNames: text('given_names'),
  usedFirstName: text('used_first_name'),
  usedName: text('used_name'),
  birthName: text('birth_name'),
  birthDate: date('birth_date'),
  sex: text('sex'),
  phone: text('phone'),
  language: text('language').notNull().default('fr'),
  selectedTimezone: text('selected_timezone').notNull().default('automatic'),
  cguAcceptedAt: timestamp('cgu_accepted_at', { withTimezone: true }),
  personalDataConsentAt: timestamp('personal_data_consent_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** Identifiers of the patient form (spec 001 §3), searched exact or by prefix by the patient-file list (0007). */
  externalId: text('external_id'),
  insNumber: text('ins_number'),
  socialSecurityNumber: text('social_security_number'),
  /** Every name, lower case without accents: what the name search matches (trigram index, 0007). */
  searchName: text('search_name').generatedAlwaysAs(sql`lower(immutable_unaccent("last_name" || ' ' || "first_name" || ' ' || coalesce("birth_name", '') || ' ' || coalesce("used_name", '') || ' ' || coalesce("used_first_name", '') || ' ' || coalesce("given_names", '')))`),
  /** Last then first name, lower case without accents: the list's order by name, the same in every collation. */
  sortName: text('sort_name').generatedAlwaysAs(sql`lower(immutable_unaccent("last_name" || ' ' || "first_name"))`),
  /** Set with a temporary password (patient or caregiver created by a professional): the next login must change it (0009). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** The rest of the patient form (spec 001 §3, schemas/patient-form.ts), 0009. */
  firstBirthName: text('first_birth_name'),
  birthPlaceInsee: text('birth_place_insee'),
  birthCountry: text('birth_country'),
  address: text('address'),
  postalCode: text('postal_code'),
  city: text('city'),
  weightKg: doublePrecision('weight_kg'),
  heightCm: doublePrecision('height_cm'),
  /** OID of the INS number's assigning authority. */
  oid: text('oid'),
  /** INS identity status (PROVISIONAL until the national service confirms it; schemas/identity.ts). */
  identityStatus: text('identity_status').notNull().default('PROVISIONAL'),
  identityDoubtful: boolean('identity_doubtful').notNull().default(false),
  identityFictitious: boolean('identity_fictitious').notNull().default(false),
  identityNamesake: boolean('identity_namesake').notNull().default(false),
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  globalReferenceValue: integer('global_reference_value'),
}, (t) => [
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  index('users_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  // The name search walks these in the list's order, reading search_name from the index alone
  // (a common first name: the page is found without a read of each patient passed; issue 18).
  index('users_sort_name_idx').on(t.sortName, t.id, t.searchName),
  index('users_birth_date_idx').on(t.birthDate, t.id, t.searchName),
  index('users_external_id_idx').on(t.externalId.op('text_pattern_ops')),
  index('users_ins_number_idx').on(t.insNumber.op('text_pattern_ops')),
  index('users_social_security_number_idx').on(t.socialSecurityNumber.op('text_pattern_ops')),
]);

export const establishments = pgTable('establishments', {
  id: id(),
  identifier: text('identifier').notNull().unique(),
  name: text('name').notNull(),
  /** Brand slug, matched against the first label of the host name (spec 000 §1). */
  brand: text('brand'),
  /** An admin's edit of the theme; null: the provisioned theme.json (establishment, then brand, then default). */
  theme: jsonb('theme'),
  professionalDirectoryEnabled: boolean('professional_directory_enabled').notNull().default(false),
  /** IANA time zone in which planned questionnaires open at the same local time every day (0005). */
  timeZone: text('time_zone').notNull().default('Europe/Paris'),
  /** How long after sending it a patient may correct her own value (minutes; the old one is then marked entered in error). */
  measureCorrectionMinutes: integer('measure_correction_minutes').notNull().default(15),
  /**
   * Late uploads (issue 18): a measure dated more than this many days before it reaches the
   * platform is refused (a device that resends its memory); null: only the file's start bounds it.
   */
  lateMeasureMaxDays: integer('late_measure_max_days'),
  createdAt: createdAt(),
}, (t) => [
  index('establishments_name_idx').on(t.name),
  check('establishments_late_measure_max_days', sql`${t.lateMeasureMaxDays} is null or ${t.lateMeasureMaxDays} between 1 and 3650`),
]);

export const services = pgTable('services', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [index('services_establishment_idx').on(t.establishmentId)]);

export const establishmentMembers = pgTable('establishment_members', {
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  privileges: text('privileges').array().notNull(),
}, (t) => [primaryKey({ columns: [t.establishmentId, t.userId] }), index('establishment_members_user_idx').on(t.userId)]);

export const serviceMembers = pgTable('service_members', {
  serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  privileges: text('privileges').array().notNull(),
}, (t) => [primaryKey({ columns: [t.serviceId, t.userId] }), index('service_members_user_idx').on(t.userId)]);

export const patientFiles = pgTable('patient_files', {
  id: id(),
  patientId: uuid('patient_id').notNull().references(() => users.id),
  serviceId: uuid('service_id').notNull().references(() => services.id),
  status: text('status', { enum: ['OPEN', 'CLOSED', 'AWAITING'] }).notNull().default('OPEN'),
  startDate: date('start_date'),
  endDate: date('end_date'),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closingReasonType: text('closing_reason_type', { enum: CLOSING_REASON_TYPES }),
  closingReason: text('closing_reason'),
  closedBy: uuid('closed_by').references(() => users.id),
  /** Admission and operation dates of the patient form (0009). */
  admissionDate: date('admission_date'),
  operationDate: date('operation_date'),
  /** Spec 001 §7 patient_data/activate and deactivate: whether the patient's data feeds the follow-up. */
  patientDataActive: boolean('patient_data_active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  index('patient_files_patient_idx').on(t.patientId),
  index('patient_files_service_idx').on(t.serviceId),
  index('patient_files_service_status_idx').on(t.serviceId, t.status),
  index('patient_files_service_id_idx').on(t.serviceId, t.id),
  index('patient_files_status_id_idx').on(t.status, t.id),
  index('patient_files_created_id_idx').on(t.createdAt, t.id),
  index('patient_files_start_id_idx').on(t.startDate, t.id),
  index('patient_files_patient_service_status_idx').on(t.patientId, t.serviceId, t.status),
]);

export const caregivers = pgTable('caregivers', {
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  addedAt: createdAt(),
  addedBy: uuid('added_by').references(() => users.id),
}, (t) => [primaryKey({ columns: [t.patientFileId, t.userId] }), index('caregivers_user_idx').on(t.userId)]);

/** Every acceptance of the terms or consent to personal-data use: who, when, from where. */
export const consents = pgTable('consents', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['CGU', 'PERSONAL_DATA_USE'] }).notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  recordedBy: uuid('recorded_by').notNull().references(() => users.id),
  userAgent: text('user_agent'),
}, (t) => [index('consents_user_idx').on(t.userId)]);

/** Server-side sessions. Only a SHA-256 of the cookie value is stored, so a database leak gives no live session. */
export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * Failed logins, counted over a sliding window by every gateway (server/auth/login-limiter.ts, 0004).
 * `accountKey` is a SHA-256 of the lower-cased e-mail: what people typed is not kept in clear.
 */
export const loginFailures = pgTable('login_failures', {
  id: id(),
  accountKey: text('account_key').notNull(),
  address: text('address').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('login_failures_pair_idx').on(t.accountKey, t.address, t.failedAt),
  index('login_failures_address_idx').on(t.address, t.failedAt),
  index('login_failures_time_idx').on(t.failedAt),
]);

/**
 * The answers of POSTs sent with an `Idempotency-Key` (server/care/idempotency/), per caller and
 * key, kept until `expiresAt` (24 h) then purged by the job queue. Written in the transaction of
 * the records the call created, so a retry finds the key exactly when the records exist. What was
 * asked is kept as a hash (`requestHash`: method, address and canonical JSON body), never the
 * body; the answer (`responseBody`, JSON text) is what the first call answered, replayed as is.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  callerId: uuid('caller_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  method: text('method').notNull(),
  /** The route's pattern (`/api/patient_files/:id/indicators/data`), to say which call a reused key belongs to. */
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  /** null while the first call runs: written and completed in its transaction, so no other call sees it null. */
  responseStatus: integer('response_status'),
  /** null: an answer without a body (204). */
  responseBody: text('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.callerId, t.key] }),
  index('idempotency_keys_expires_idx').on(t.expiresAt),
]);

/** The patient-file history (spec 001 §3): written in the same transaction as the change it records. */
export const patientFileHistory = pgTable('patient_file_history', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  actorId: uuid('actor_id').references(() => users.id),
  /** Set when the actor acted for someone else, e.g. a caregiver for the patient. */
  onBehalfOfId: uuid('on_behalf_of_id').references(() => users.id),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb('payload').notNull().default({}),
}, (t) => [
  // The history tab: newest first, paged, optionally one kind (0009).
  index('patient_file_history_file_idx').on(t.patientFileId, t.occurredAt.desc(), t.id.desc()),
  index('patient_file_history_file_type_idx').on(t.patientFileId, t.type, t.occurredAt.desc(), t.id.desc()),
  // Who was removed as a caregiver: the establishment still knows them by e-mail (care/caregivers).
  index('patient_file_history_removed_caregiver_idx').on(sql`(${t.payload} ->> 'userId')`).where(sql`${t.type} = 'CAREGIVER_REMOVED'`),
]);

/** Key-value facts about this database, e.g. when demo data was provisioned. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});


/**
 * Every saved version of an edited layout: an establishment's (ownerId null) or a user's own
 * (ownerId set). The newest row of (establishment, page, owner) is the one in force; a row with
 * a null document means "reset to the provisioned layout".
 */
export const layoutVersions = pgTable('layout_versions', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  page: text('page').notNull(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  /** `json`, not `jsonb`: the document comes back with its keys in the order it was saved (0005). */
  document: json('document'),
  authorId: uuid('author_id').notNull().references(() => users.id),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('layout_versions_version_idx').on(t.establishmentId, t.page, sql`coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.version),
]);

/** A questionnaire of an establishment; its content lives in versions. Name and reference are unique within the establishment. */
export const forms = pgTable('forms', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull(),
  /** The French name, for the uniqueness rule; the definition holds every language. */
  name: text('name').notNull(),
  submissionType: text('submission_type', { enum: ['FREE', 'PLANNED'] }).notNull(),
  /** `provisioned:<file>` for forms from layouts/, `api` for forms made through the API. */
  source: text('source').notNull(),
  currentVersion: integer('current_version').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('forms_reference_idx').on(t.establishmentId, t.reference),
  uniqueIndex('forms_name_idx').on(t.establishmentId, sql`lower(${t.name})`),
]);

/** Every content of a form; a response keeps the version it was answered in. */
export const formVersions = pgTable('form_versions', {
  id: id(),
  formId: uuid('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  /** `json`, not `jsonb` (which sorts keys, shorter first): questions keep their author's order (0005). */
  definition: json('definition').notNull(),
  /** SHA-256 of the definition: a file saved unchanged makes no new version of the current one. */
  hash: text('hash').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('form_versions_version_idx').on(t.formId, t.version)]);

/** A form assigned to a patient file; `overload` replaces the form's planning for this file. */
export const patientFileForms = pgTable('patient_file_forms', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  formId: uuid('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  overload: jsonb('overload'),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  assignedBy: uuid('assigned_by').references(() => users.id),
  /** Excluded from the file (spec 001 §4): kept, out of the plan until restored (0009). */
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
  excludedBy: uuid('excluded_by').references(() => users.id),
}, (t) => [uniqueIndex('patient_file_forms_idx').on(t.patientFileId, t.formId)]);

/** A planned occurrence: open from start to end, still answerable (late) until the limit date. */
export const formOccurrences = pgTable('form_occurrences', {
  id: id(),
  patientFileFormId: uuid('patient_file_form_id').notNull().references(() => patientFileForms.id, { onDelete: 'cascade' }),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  limitAt: timestamp('limit_at', { withTimezone: true }).notNull(),
  /** Set when the patient chose to continue and lose this late occurrence. */
  lostAt: timestamp('lost_at', { withTimezone: true }),
}, (t) => [index('form_occurrences_form_idx').on(t.patientFileFormId, t.startAt)]);

/** A response: started when the form is opened (ongoing), answered when sent. */
export const formResponses = pgTable('form_responses', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  formId: uuid('form_id').notNull().references(() => forms.id),
  formVersionId: uuid('form_version_id').notNull().references(() => formVersions.id),
  occurrenceId: uuid('occurrence_id').references(() => formOccurrences.id),
  /** `json`: answers and computed values keep the order they were written in (0005). */
  answers: json('answers'),
  computed: json('computed'),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
  limitAt: timestamp('limit_at', { withTimezone: true }),
  answeredBy: uuid('answered_by').references(() => users.id),
  /** Set when a caregiver answered for the patient (Medplum's onBehalfOf). */
  onBehalfOf: uuid('on_behalf_of').references(() => users.id),
}, (t) => [
  index('form_responses_file_idx').on(t.patientFileId, t.answeredAt),
  uniqueIndex('form_responses_occurrence_idx').on(t.occurrenceId).where(sql`${t.answeredAt} is not null`),
  // One ongoing response per file, form, occurrence (none: free form) and person: two "start" calls at once keep one (0006).
  uniqueIndex('form_responses_one_ongoing_idx')
    .on(t.patientFileId, t.formId, sql`coalesce(${t.occurrenceId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.answeredBy)
    .where(sql`${t.answeredAt} is null`),
]);

/** Uploaded files (spec 001 §7: prepare, upload, link). The type is the one read from the bytes. */
export const files = pgTable('files', {
  id: id(),
  uploaderId: uuid('uploader_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  description: text('description'),
  public: boolean('public').notNull().default(false),
  mimeType: text('mime_type'),
  size: integer('size'),
  /** Where the bytes are in the storage (server/storage/): a name the server made, set once uploaded (0008). */
  storageKey: text('storage_key'),
  createdAt: createdAt(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
}, (t) => [index('files_uploader_idx').on(t.uploaderId)]);

/** The database storage's bytes (server/storage/database.ts): a file in chunks, read and written one chunk at a time (0008). */
export const fileChunks = pgTable('file_chunks', {
  key: text('key').notNull(),
  seq: integer('seq').notNull(),
  bytes: bytea('bytes').notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.seq] })]);

/** What a file may belong to; each owner kind's screen attaches its files through the patient file's scope. */
/** `education_content`: a service's therapeutic content (issue 20 §2), in no patient file: its patient_file_id is null. */
export const FILE_OWNER_KINDS = ['form_response', 'document', 'message', 'identity_document', 'education_content'] as const;

/**
 * A file's owner (0008): one per file, in the patient file whose scope decides who may read it;
 * a service's therapeutic content has no patient file (null), and is read through its service.
 * The owner id is not a foreign key (it points into the owner kind's table); its kind's code
 * removes the attachment with the owner.
 */
export const fileAttachments = pgTable('file_attachments', {
  fileId: uuid('file_id').primaryKey().references(() => files.id, { onDelete: 'cascade' }),
  ownerKind: text('owner_kind', { enum: FILE_OWNER_KINDS }).notNull(),
  ownerId: uuid('owner_id').notNull(),
  patientFileId: uuid('patient_file_id').references(() => patientFiles.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  index('file_attachments_owner_idx').on(t.ownerKind, t.ownerId),
  index('file_attachments_patient_file_idx').on(t.patientFileId),
  check('file_attachments_owner_kind_check', sql`${t.ownerKind} IN ('form_response', 'document', 'message', 'identity_document', 'education_content')`),
  // Only a service's content lives outside a patient file: every other owner keeps its file's scope.
  check('file_attachments_patient_file_check', sql`(${t.patientFileId} is null) = (${t.ownerKind} = 'education_content')`),
]);


/** Notes on a patient file (spec 001 §7 notes): edited in place, archived rather than deleted (0009). */
export const patientFileNotes = pgTable('patient_file_notes', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull().references(() => users.id),
  text: text('text').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: uuid('updated_by').references(() => users.id),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  archivedBy: uuid('archived_by').references(() => users.id),
}, (t) => [index('patient_file_notes_file_idx').on(t.patientFileId, t.createdAt.desc(), t.id.desc())]);

/**
 * Documents of a patient file (spec 001 §3 Document, §7): a file (attached with owner kind
 * `document`) or an external link, exactly one. Nothing clinical is deleted: excluding hides a
 * document from the patient's side and the default lists and can be undone; "deleting" marks it
 * entered in error, with who, when and why, for good (the row and its bytes stay, the history
 * keeps pointing at them). Acknowledgement: a document from the patient's side waits for a
 * professional (acknowledgedAt null); one a professional adds is acknowledged by its author.
 */
export const documents = pgTable('documents', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  fileId: uuid('file_id').references(() => files.id),
  externalUrl: text('external_url'),
  startDate: date('start_date'),
  endDate: date('end_date'),
  reminderDate: date('reminder_date'),
  visibleToPatient: boolean('visible_to_patient').notNull().default(true),
  visibleToCaregivers: boolean('visible_to_caregivers').notNull().default(false),
  /** Added by a caregiver for the patient (spec 001 §3 providedAsCaregiver). */
  providedAsCaregiver: boolean('provided_as_caregiver').notNull().default(false),
  /** Who added it: the patient, a caregiver or a professional of the file. */
  source: text('source', { enum: ['patient', 'caregiver', 'professional'] }).notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: createdAt(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
  excludedBy: uuid('excluded_by').references(() => users.id),
  enteredInErrorAt: timestamp('entered_in_error_at', { withTimezone: true }),
  enteredInErrorBy: uuid('entered_in_error_by').references(() => users.id),
  enteredInErrorReason: text('entered_in_error_reason'),
  /** The prescription this one renews (schemas/prescriptions.ts); one live renewal per prescription. */
  renewsDocumentId: uuid('renews_document_id').references((): AnyPgColumn => documents.id),
}, (t) => [
  // The documents waiting for a professional (care/documents/waiting.ts): few rows, whatever the table holds.
  index('documents_waiting_idx').on(t.patientFileId, t.createdAt).where(sql`${t.acknowledgedAt} is null and ${t.excludedAt} is null and ${t.enteredInErrorAt} is null`),
  index('documents_file_created_idx').on(t.patientFileId, t.createdAt.desc(), t.id.desc()),
  uniqueIndex('documents_renews_idx').on(t.renewsDocumentId).where(sql`${t.enteredInErrorAt} is null`),
  index('documents_type_end_idx').on(t.type, t.endDate),
  index('documents_file_title_idx').on(t.patientFileId, t.title),
  check('documents_file_or_link_check', sql`(${t.fileId} is null) <> (${t.externalUrl} is null)`),
]);

/**
 * Secure messaging (issue 20 §4, schemas/messages.ts): one conversation per patient file, its
 * messages newest first by (created_at, id) — the index serves the first page of any
 * conversation as one range scan. A message is a text as typed and/or one attached file (the
 * attachment row in file_attachments, owner kind 'message'); the attachment withdrawn by its
 * author stays, marked entered in error (who, when, why). Nothing is deleted.
 */
export const messages = pgTable('messages', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull().references(() => users.id),
  /** How the author reached the file when writing: the patient, a caregiver of hers, a professional of the file. */
  authorRole: text('author_role', { enum: ['patient', 'caregiver', 'professional'] }).notNull(),
  text: text('text'),
  fileId: uuid('file_id').references(() => files.id),
  /** From the type sniffed at upload: an image is shown, any other file offered. */
  attachmentKind: text('attachment_kind', { enum: ['image', 'file'] }),
  attachmentWithdrawnAt: timestamp('attachment_withdrawn_at', { withTimezone: true }),
  attachmentWithdrawnBy: uuid('attachment_withdrawn_by').references(() => users.id),
  attachmentWithdrawnReason: text('attachment_withdrawn_reason'),
  createdAt: createdAt(),
}, (t) => [
  index('messages_file_created_idx').on(t.patientFileId, t.createdAt.desc(), t.id.desc()),
  check('messages_text_or_file_check', sql`${t.text} is not null or ${t.fileId} is not null`),
  check('messages_attachment_kind_check', sql`(${t.fileId} is null) = (${t.attachmentKind} is null)`),
]);

/** Each user's read position in a conversation: up to (last_read_at, last_read_message_id), never back. */
export const messageReads = pgTable('message_reads', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  lastReadMessageId: uuid('last_read_message_id').notNull().references(() => messages.id),
}, (t) => [primaryKey({ columns: [t.userId, t.patientFileId] })]);

/** An establishment's identity-document types (spec 001 §7, §8: a type in use cannot be deleted), 0009. */
export const identityDocumentTypes = pgTable('identity_document_types', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('identity_document_types_label_idx').on(t.establishmentId, sql`lower(${t.label})`)]);

/**
 * A proof of identity of a person, uploaded in an establishment (POST /persons/{id}/identity_documents/…),
 * its bytes a file attached with owner kind identity_document; `confirmedBy` is the professional who
 * checked it, which an identity change requires (spec 001 §5), 0009.
 */
export const identityDocuments = pgTable('identity_documents', {
  id: id(),
  personId: uuid('person_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  // No cascade: a type in use cannot be deleted.
  typeId: uuid('type_id').notNull().references(() => identityDocumentTypes.id, { onDelete: 'restrict' }),
  fileId: uuid('file_id').notNull().references(() => files.id),
  uploadedBy: uuid('uploaded_by').notNull().references(() => users.id),
  createdAt: createdAt(),
  confirmedBy: uuid('confirmed_by').references(() => users.id),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
}, (t) => [index('identity_documents_person_idx').on(t.personId, t.establishmentId), index('identity_documents_type_idx').on(t.typeId)]);

/** An establishment's pathologies (back office `pathologies/:slug`), from which a patient's conditions are chosen (0009). */
export const pathologies = pgTable('pathologies', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
  /** Localised text {fr, en, ar} (schemas/localized-text.ts). */
  name: jsonb('name').notNull(),
  description: jsonb('description'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('pathologies_slug_idx').on(t.establishmentId, t.slug)]);

/** A patient's condition on a file (GET /patient_files/{id}/conditions; screen condition/:id), 0009. */
export const patientConditions = pgTable('patient_conditions', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  pathologyId: uuid('pathology_id').notNull().references(() => pathologies.id, { onDelete: 'restrict' }),
  diagnosedOn: date('diagnosed_on'),
  note: text('note'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('patient_conditions_file_pathology_idx').on(t.patientFileId, t.pathologyId), index('patient_conditions_pathology_idx').on(t.pathologyId)]);

// ---------------------------------------------------------------------------------------------
// Telemonitoring (issue 11, migration 0010): the establishment's catalogue, measures, thresholds,
// reference values, alerts, non-compliance rules, chart displays and protocols.
// Catalogue names are localised text {fr, en, ar} (schemas/localized-text.ts); uniqueness is on the
// French name, lower case, within the establishment (spec 001 §8 NOT_UNIQUE_ERROR).
// ---------------------------------------------------------------------------------------------

const frName = (column: { getSQL(): unknown }) => sql`lower(${column} ->> 'fr')`;

/** Indicator types (vital signs, biology, symptoms…), spec 001 §3. */
export const indicatorTypes = pgTable('indicator_types', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: jsonb('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('indicator_types_name_idx').on(t.establishmentId, frName(t.name))]);

/** Form types (spec 001 §3): how an establishment sorts its questionnaires; a French name unique in the establishment. */
export const formTypes = pgTable('form_types', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: jsonb('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('form_types_name_idx').on(t.establishmentId, frName(t.name))]);

/** Units: a UCUM code (validated and converted with @lhncbc/ucum-lhc), a name and a symbol, each unique. */
export const units = pgTable('units', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  ucumCode: text('ucum_code').notNull(),
  name: jsonb('name').notNull(),
  symbol: text('symbol').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('units_name_idx').on(t.establishmentId, frName(t.name)),
  uniqueIndex('units_symbol_idx').on(t.establishmentId, t.symbol),
]);

/**
 * An indicator: what is measured, in which unit. `reference` is its stable key (forms map answers
 * to it, layouts chart it). `referenceValue` is the global (default) reference value, an integer;
 * a file may have its own (reference_values). `molecularWeight` (g/mol) lets mol-based and
 * mass-based concentrations convert (glucose mmol/L ↔ mg/dL). `visibleToPatients`: the back
 * office's indicators visibility.
 */
export const indicators = pgTable('indicators', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull(),
  name: jsonb('name').notNull(),
  typeId: uuid('type_id').notNull().references(() => indicatorTypes.id, { onDelete: 'restrict' }),
  unitId: uuid('unit_id').notNull().references(() => units.id, { onDelete: 'restrict' }),
  referenceValue: integer('reference_value'),
  decimals: integer('decimals').notNull().default(1),
  molecularWeight: doublePrecision('molecular_weight'),
  visibleToPatients: boolean('visible_to_patients').notNull().default(true),
  createdAt: createdAt(),
  // The values that can be true, in the indicator's unit (issue 18): a measure or reference value
  // outside is refused. The defaults are a sanity cap for an indicator created without a range;
  // the demo indicators and the back office set physical ones.
  plausibleMin: doublePrecision('plausible_min').notNull().default(-1e9),
  plausibleMax: doublePrecision('plausible_max').notNull().default(1e9),
}, (t) => [
  check('indicators_plausible_range', sql`${t.plausibleMin} < ${t.plausibleMax}`),
  uniqueIndex('indicators_reference_idx').on(t.establishmentId, t.reference),
  uniqueIndex('indicators_name_idx').on(t.establishmentId, frName(t.name)),
]);

/** Alert statuses a professional sets on an alert ("patient called", "hospitalised"…). */
export const alertStatuses = pgTable('alert_statuses', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: jsonb('name').notNull(),
  /** Setting this status also closes the alert. */
  closesAlert: boolean('closes_alert').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('alert_statuses_name_idx').on(t.establishmentId, frName(t.name))]);

/**
 * Intervention (alert) levels: a boundary raises an alert at a level; `rank` orders them (1 the
 * most urgent), `colour` is one of the spec's alert themes (blue, red, green, pink).
 */
export const interventionLevels = pgTable('intervention_levels', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: jsonb('name').notNull(),
  rank: integer('rank').notNull(),
  colour: text('colour', { enum: ['blue', 'red', 'green', 'pink'] }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('intervention_levels_name_idx').on(t.establishmentId, frName(t.name))]);

/** Who is called at which level in which service (POST/DELETE /persons/{id}/intervention_levels/{levelId}). */
export const personInterventionLevels = pgTable('person_intervention_levels', {
  personId: uuid('person_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  levelId: uuid('level_id').notNull().references(() => interventionLevels.id, { onDelete: 'cascade' }),
  serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.personId, t.levelId, t.serviceId] }), index('person_intervention_levels_service_idx').on(t.serviceId, t.levelId)]);

/** A protocol of an establishment: questionnaires with their planning, indicators with thresholds and non-compliance rules. */
export const protocols = pgTable('protocols', {
  id: id(),
  establishmentId: uuid('establishment_id').notNull().references(() => establishments.id, { onDelete: 'cascade' }),
  name: jsonb('name').notNull(),
  description: jsonb('description'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
}, (t) => [uniqueIndex('protocols_name_idx').on(t.establishmentId, frName(t.name))]);

export const protocolServices = pgTable('protocol_services', {
  protocolId: uuid('protocol_id').notNull().references(() => protocols.id, { onDelete: 'cascade' }),
  serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.protocolId, t.serviceId] }), index('protocol_services_service_idx').on(t.serviceId)]);

/** A questionnaire of a protocol and its planning (schemas/form.ts planningSchema; null: the form's own). */
export const protocolForms = pgTable('protocol_forms', {
  protocolId: uuid('protocol_id').notNull().references(() => protocols.id, { onDelete: 'cascade' }),
  formId: uuid('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  planning: jsonb('planning'),
}, (t) => [primaryKey({ columns: [t.protocolId, t.formId] })]);

/** A protocol applied to a patient file (POST /patient_files/{id}/protocols/{protocolId}/apply). */
export const patientFileProtocols = pgTable('patient_file_protocols', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  protocolId: uuid('protocol_id').notNull().references(() => protocols.id, { onDelete: 'restrict' }),
  active: boolean('active').notNull().default(true),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  appliedBy: uuid('applied_by').references(() => users.id),
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
}, (t) => [uniqueIndex('patient_file_protocols_idx').on(t.patientFileId, t.protocolId)]);

/**
 * Alert thresholds (boundaries). Exactly one owner: the indicator's default (both null), a
 * protocol's, or a patient file's own. On a file, the file's active boundaries of an indicator
 * replace the defaults of that indicator (customised over default); those a protocol brought
 * carry `patientFileProtocolId` and follow the protocol's activation. `mode` RELATIVE: the
 * threshold is the reference value plus `value` (in the indicator's unit).
 */
export const indicatorBoundaries = pgTable('indicator_boundaries', {
  id: id(),
  indicatorId: uuid('indicator_id').notNull().references(() => indicators.id, { onDelete: 'cascade' }),
  protocolId: uuid('protocol_id').references(() => protocols.id, { onDelete: 'cascade' }),
  patientFileId: uuid('patient_file_id').references(() => patientFiles.id, { onDelete: 'cascade' }),
  patientFileProtocolId: uuid('patient_file_protocol_id').references(() => patientFileProtocols.id, { onDelete: 'cascade' }),
  levelId: uuid('level_id').notNull().references(() => interventionLevels.id, { onDelete: 'restrict' }),
  operator: text('operator', { enum: ['<', '<=', '>', '>=', '=', '!='] }).notNull(),
  mode: text('mode', { enum: ['ABSOLUTE', 'RELATIVE'] }).notNull().default('ABSOLUTE'),
  value: doublePrecision('value').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
}, (t) => [
  index('indicator_boundaries_indicator_idx').on(t.indicatorId),
  index('indicator_boundaries_file_idx').on(t.patientFileId, t.indicatorId),
  index('indicator_boundaries_protocol_idx').on(t.protocolId),
]);

/** A patient file's reference value of an indicator (POST reference-value); one active per file and indicator. */
export const referenceValues = pgTable('reference_values', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  indicatorId: uuid('indicator_id').notNull().references(() => indicators.id, { onDelete: 'cascade' }),
  value: doublePrecision('value').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  deactivatedBy: uuid('deactivated_by').references(() => users.id),
}, (t) => [
  uniqueIndex('reference_values_active_idx').on(t.patientFileId, t.indicatorId).where(sql`${t.deactivatedAt} is null`),
  index('reference_values_file_idx').on(t.patientFileId, t.indicatorId, t.createdAt.desc()),
]);

/**
 * A measure (POST /patient_files/{id}/indicators/data, or a questionnaire answer mapped to an
 * indicator). `value` is in the indicator's unit; what was entered is kept beside it.
 */
export const measures = pgTable('measures', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  indicatorId: uuid('indicator_id').notNull().references(() => indicators.id, { onDelete: 'restrict' }),
  value: doublePrecision('value').notNull(),
  enteredValue: doublePrecision('entered_value').notNull(),
  enteredUnit: text('entered_unit').notNull(),
  measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  recordedBy: uuid('recorded_by').references(() => users.id),
  onBehalfOf: uuid('on_behalf_of').references(() => users.id),
  source: text('source', { enum: ['MANUAL', 'FORM_RESPONSE', 'DEVICE', 'IMPORT'] }).notNull(),
  formResponseId: uuid('form_response_id').references(() => formResponses.id, { onDelete: 'set null' }),
  /**
   * Marked entered in error (never deleted): when, by whom, why. Such a measure leaves charts,
   * last values, evaluations and non-compliance counting; lists show it struck through.
   */
  enteredInErrorAt: timestamp('entered_in_error_at', { withTimezone: true }),
  enteredInErrorBy: uuid('entered_in_error_by').references(() => users.id),
  enteredInErrorReason: text('entered_in_error_reason'),
  /** The value that replaced it when the patient corrected her own entry (reason 'corrected'). */
  replacedBy: uuid('replaced_by').references((): AnyPgColumn => measures.id),
}, (t) => [
  index('measures_file_indicator_idx').on(t.patientFileId, t.indicatorId, t.measuredAt.desc()),
  index('measures_response_idx').on(t.formResponseId).where(sql`${t.formResponseId} is not null`),
]);

/** Alerts raised together (one batch of measures, one questionnaire response, one job run for a file). */
export const alertBatches = pgTable('alert_batches', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  source: text('source', { enum: ['MEASURES', 'FORM_RESPONSE', 'NON_COMPLIANCE'] }).notNull(),
  formResponseId: uuid('form_response_id').references(() => formResponses.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('alert_batches_file_idx').on(t.patientFileId, t.createdAt.desc())]);

/**
 * An alert (spec 000 §4: PENDING or CLOSED). THRESHOLD: a measure crossed a boundary (the
 * boundary's operator and threshold as they were are kept in `crossing`). NON_COMPLIANCE_*: no value for
 * `periodInDays`, or a planned questionnaire unanswered past its limit date. `serviceId` is the
 * file's, copied so the alerts list is one index range per service.
 */
export const alerts = pgTable('alerts', {
  id: id(),
  batchId: uuid('batch_id').notNull().references(() => alertBatches.id, { onDelete: 'cascade' }),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  serviceId: uuid('service_id').notNull().references(() => services.id),
  kind: text('kind', { enum: ['THRESHOLD', 'NON_COMPLIANCE_INDICATOR', 'NON_COMPLIANCE_FORM'] }).notNull(),
  levelId: uuid('level_id').references(() => interventionLevels.id, { onDelete: 'set null' }),
  indicatorId: uuid('indicator_id').references(() => indicators.id, { onDelete: 'set null' }),
  measureId: uuid('measure_id').references(() => measures.id, { onDelete: 'set null' }),
  boundaryId: uuid('boundary_id').references(() => indicatorBoundaries.id, { onDelete: 'set null' }),
  ruleId: uuid('rule_id'),
  patientFileFormId: uuid('patient_file_form_id').references(() => patientFileForms.id, { onDelete: 'set null' }),
  occurrenceId: uuid('occurrence_id').references(() => formOccurrences.id, { onDelete: 'set null' }),
  /** What was crossed, as it was: {operator, mode, value, threshold, measuredValue, referenceValue?} or {periodInDays, lastValueAt?}. */
  crossing: jsonb('crossing').notNull().default({}),
  status: text('status', { enum: ['PENDING', 'CLOSED'] }).notNull().default('PENDING'),
  alertStatusId: uuid('alert_status_id').references(() => alertStatuses.id, { onDelete: 'set null' }),
  /** Set when the system closed it (closedBy null): values received again, its measure entered in error. */
  systemStatus: text('system_status', { enum: ['VALUES_RECEIVED', 'ENTERED_IN_ERROR'] }),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: uuid('updated_by').references(() => users.id),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedBy: uuid('closed_by').references(() => users.id),
}, (t) => [
  index('alerts_service_raised_idx').on(t.serviceId, t.raisedAt.desc(), t.id.desc()),
  index('alerts_service_status_raised_idx').on(t.serviceId, t.status, t.raisedAt.desc(), t.id.desc()),
  // The list sorted by level (rank, then id) reads one range per service and level, and counts a level filter from the index alone.
  index('alerts_service_level_idx').on(t.serviceId, t.levelId, t.id),
  index('alerts_service_status_level_idx').on(t.serviceId, t.status, t.levelId, t.id),
  index('alerts_file_idx').on(t.patientFileId, t.raisedAt.desc()),
  index('alerts_batch_idx').on(t.batchId),
  index('alerts_rule_idx').on(t.ruleId, t.raisedAt.desc()).where(sql`${t.ruleId} is not null`),
  index('alerts_occurrence_idx').on(t.occurrenceId).where(sql`${t.occurrenceId} is not null`),
]);

/**
 * The version of what a list shows, one row per list ('alerts': the alerts list of issue 11 §4).
 * The database bumps it in every transaction that changes a row the list reads (triggers of
 * migration 0026, listed in outside-schema.ts), at commit: a gateway that reads the same version
 * as when it computed a page may serve that page again (server/care/alerts/list-cache.ts). No
 * row yet: version 0.
 */
export const listVersions = pgTable('list_versions', {
  list: text('list').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The comments on an alert, a thread: each kept with its author and time, never replaced (issue 18).
 * `authorId` null only for a comment whose author was not recorded.
 */
export const alertComments = pgTable('alert_comments', {
  id: id(),
  alertId: uuid('alert_id').notNull().references(() => alerts.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  authorId: uuid('author_id').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('alert_comments_alert_idx').on(t.alertId, t.createdAt, t.id)]);

/**
 * Non-compliance (non-observance) rules {indicators, periodInDays} (spec 001 §3, §7): owned by a
 * protocol (patientFileId null) or by a file. A file's rule that a protocol brought carries
 * `patientFileProtocolId`; `override` changes it for the file alone (`overridden`).
 */
export const nonObservanceRules = pgTable('non_observance_rules', {
  id: id(),
  protocolId: uuid('protocol_id').references(() => protocols.id, { onDelete: 'cascade' }),
  patientFileId: uuid('patient_file_id').references(() => patientFiles.id, { onDelete: 'cascade' }),
  patientFileProtocolId: uuid('patient_file_protocol_id').references(() => patientFileProtocols.id, { onDelete: 'cascade' }),
  indicatorIds: uuid('indicator_ids').array().notNull(),
  periodInDays: integer('period_in_days').notNull(),
  /** The level of the alerts it raises; null: the establishment's least urgent level (issue 18). */
  levelId: uuid('level_id').references(() => interventionLevels.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  overridden: boolean('overridden').notNull().default(false),
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
}, (t) => [
  index('non_observance_rules_file_idx').on(t.patientFileId),
  index('non_observance_rules_protocol_idx').on(t.protocolId),
]);

/** A chart on a file's indicators tab (chart_displays); `visibleToPatient`: also on the patient's monitoring. */
export const chartDisplays = pgTable('chart_displays', {
  id: id(),
  patientFileId: uuid('patient_file_id').notNull().references(() => patientFiles.id, { onDelete: 'cascade' }),
  title: text('title'),
  indicatorIds: uuid('indicator_ids').array().notNull(),
  chartType: text('chart_type', { enum: ['line', 'bar'] }).notNull().default('line'),
  periodDays: integer('period_days').notNull().default(30),
  visibleToPatient: boolean('visible_to_patient').notNull().default(false),
  position: integer('position').notNull().default(0),
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('chart_displays_file_idx').on(t.patientFileId, t.position)]);

/** A file's value-table settings (indicator_values_table_settings {indicators, startDate}). */
export const indicatorValuesTableSettings = pgTable('indicator_values_table_settings', {
  patientFileId: uuid('patient_file_id').primaryKey().references(() => patientFiles.id, { onDelete: 'cascade' }),
  indicatorIds: uuid('indicator_ids').array().notNull(),
  startDate: date('start_date'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * In-app notifications (issue 20 §5, server/notifications/): one row per recipient and event, the
 * records it is about in `subject` (schemas/notifications.ts), read or not. The list and the
 * unread count read them newest first per recipient.
 */
export const notifications = pgTable('notifications', {
  id: id(),
  recipientId: uuid('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  patientFileId: uuid('patient_file_id').references(() => patientFiles.id, { onDelete: 'cascade' }),
  subject: jsonb('subject').$type<Record<string, string>>().notNull().default({}),
  /** Shown in the bell and the list: false when the recipient turned in-app off for the type (the row is kept for its e-mail or push deliveries). */
  inApp: boolean('in_app').notNull().default(true),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true }),
}, (t) => [
  index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()).where(sql`${t.inApp}`),
  index('notifications_recipient_unread_idx').on(t.recipientId).where(sql`${t.inApp} and ${t.readAt} is null`),
]);

/** What a user chose for a type on a channel; absent: the default of schemas/notifications.ts. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  channel: text('channel').notNull(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })]);

/** A browser's web push subscription (PushSubscription.toJSON()); an endpoint is one browser, kept once. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
  index('push_subscriptions_user_idx').on(t.userId),
]);

/**
 * One row per notification × sending channel (EMAIL, PUSH): queued when the job is enqueued,
 * then sent or failed with the attempts made and the last error (a record of each delivery).
 */
export const notificationDeliveries = pgTable('notification_deliveries', {
  id: id(),
  notificationId: uuid('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  channel: text('channel', { enum: ['EMAIL', 'PUSH'] }).notNull(),
  state: text('state', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** When its job was handed to the queue (pg-boss, job id = this row's id): null, the dispatcher still has to. */
  enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('notification_deliveries_notification_channel_idx').on(t.notificationId, t.channel),
  index('notification_deliveries_to_enqueue_idx').on(t.createdAt).where(sql`${t.enqueuedAt} is null`),
]);

/** Kinds of therapeutic content (spec 001: video, document, image, YouTube video). */
export const EDUCATION_KINDS = ['video', 'document', 'image', 'youtube'] as const;

/**
 * A service's therapeutic content (issue 20 §2): educational material its care team gives the
 * patients and caregivers of every file of the service. Not clinical data: archived (hidden from
 * patients, kept) rather than deleted. A file's bytes go through file_attachments (owner kind
 * education_content); a YouTube video is kept as its video id only, never as a URL.
 */
export const educationContents = pgTable('education_contents', {
  id: id(),
  serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: EDUCATION_KINDS }).notNull(),
  title: text('title').notNull(),
  description: text('description'),
  fileId: uuid('file_id').references(() => files.id),
  youtubeId: text('youtube_id'),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  archivedBy: uuid('archived_by').references(() => users.id),
}, (t) => [
  index('education_contents_service_title_idx').on(t.serviceId, t.title),
  check('education_contents_kind_check', sql`${t.kind} IN ('video', 'document', 'image', 'youtube')`),
  // A YouTube item has a video id and no file; every other kind a file and no video id.
  check('education_contents_source_check', sql`(${t.kind} = 'youtube') = (${t.youtubeId} is not null) and (${t.fileId} is null) = (${t.youtubeId} is not null)`),
]);
