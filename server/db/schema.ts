/**
 * The relational model. Times are stored in UTC (timestamptz). Privileges are held per
 * establishment and per service (spec 001 §3, "Privilege entry").
 */
import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

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
}, (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)]);

export const establishments = pgTable('establishments', {
  id: id(),
  identifier: text('identifier').notNull().unique(),
  name: text('name').notNull(),
  /** Brand slug, matched against the first label of the host name (spec 000 §1). */
  brand: text('brand'),
  /** An admin's edit of the theme; null: the provisioned theme.json (establishment, then brand, then default). */
  theme: jsonb('theme'),
  professionalDirectoryEnabled: boolean('professional_directory_enabled').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('establishments_name_idx').on(t.name)]);

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
  closingReasonType: text('closing_reason_type'),
  closingReason: text('closing_reason'),
  createdAt: createdAt(),
}, (t) => [index('patient_files_patient_idx').on(t.patientId), index('patient_files_service_idx').on(t.serviceId)]);

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
}, (t) => [index('patient_file_history_file_idx').on(t.patientFileId, t.occurredAt)]);

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
  document: jsonb('document'),
  authorId: uuid('author_id').notNull().references(() => users.id),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('layout_versions_version_idx').on(t.establishmentId, t.page, sql`coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.version),
]);
