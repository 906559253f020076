/**
 * What the migrations hold on purpose outside server/db/schema.ts: the one list of it, read by
 * tests/api/schema-drift.test.ts (docs/architecture.md §7). Drizzle (drizzle-kit 0.31) expresses
 * tables, columns, defaults, generated columns, primary and foreign keys, unique, partial and
 * functional indexes with operator classes and orders, and check constraints: those live in
 * schema.ts only. It has no way to declare what follows, so a migration writes it by hand.
 * An object of the database that is neither in schema.ts nor here fails the drift test.
 */
export interface OutsideSchema {
  /** `extension` and `data` leave no object in the application's schema; the other kinds are keys of server/db/shape.ts. */
  kind: 'extension' | 'function' | 'trigger' | 'data';
  /** The extension's name, the object's key in the shape (`function name(args)`, `trigger table.name`), or what the data move does. */
  name: string;
  /** The migration that writes it (its tag in meta/_journal.json). */
  migration: string;
  why: string;
}

export const OUTSIDE_SCHEMA: readonly OutsideSchema[] = [
  {
    kind: 'extension', name: 'pg_trgm', migration: '0007_patient_file_search',
    why: 'trigram operator class of users_search_name_trgm_idx (name search by any fragment); Drizzle declares no extension',
  },
  {
    kind: 'extension', name: 'unaccent', migration: '0007_patient_file_search',
    why: 'accent-insensitive search names; Drizzle declares no extension',
  },
  {
    kind: 'function', name: 'function immutable_unaccent(text)', migration: '0007_patient_file_search',
    why: 'unaccent() is only STABLE, so generated columns (users.search_name, sort_name) cannot call it; '
      + 'this IMMUTABLE wrapper names its dictionary. Drizzle declares no function',
  },
  {
    kind: 'function', name: 'function notify_session_ended()', migration: '0023_access_notices',
    why: 'tells every LISTEN that a session ended, whoever deleted its row (server/db/access-notices.ts): '
      + 'its live streams end at once. Drizzle declares no function',
  },
  {
    kind: 'trigger', name: 'trigger sessions.sessions_access_notice', migration: '0023_access_notices',
    why: 'calls notify_session_ended() for every deleted session row. Drizzle declares no trigger',
  },
  {
    kind: 'function', name: 'function notify_member_changed()', migration: '0023_access_notices',
    why: "tells every LISTEN that a user's grants changed (a membership row inserted, changed or deleted, "
      + 'by a route or by hand): their live streams end at once. Drizzle declares no function',
  },
  {
    kind: 'trigger', name: 'trigger establishment_members.establishment_members_access_notice', migration: '0023_access_notices',
    why: 'calls notify_member_changed() for every changed establishment membership. Drizzle declares no trigger',
  },
  {
    kind: 'trigger', name: 'trigger service_members.service_members_access_notice', migration: '0023_access_notices',
    why: 'calls notify_member_changed() for every changed service membership. Drizzle declares no trigger',
  },
  {
    kind: 'function', name: 'function notify_user_access_changed()', migration: '0023_access_notices',
    why: "tells every LISTEN that a user's roles changed or that a temporary password ended their sessions. "
      + 'Drizzle declares no function',
  },
  {
    kind: 'trigger', name: 'trigger users.users_access_notice', migration: '0023_access_notices',
    why: 'calls notify_user_access_changed() when roles change or must_change_password becomes true. Drizzle declares no trigger',
  },
  {
    kind: 'function', name: 'function bump_alerts_list_version()', migration: '0027_alerts-list-version',
    why: "bumps list_versions' 'alerts' row once per transaction that changes what the alerts list shows "
      + '(server/care/alerts/list-cache.ts: a cached page is served only at the version it was read at). Drizzle declares no function',
  },
  {
    kind: 'trigger', name: 'trigger alerts.alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when any alert inserted, changed or deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger services.services_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a service added, renamed, moved or deleted (the list's scope and names). Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger intervention_levels.intervention_levels_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a level added, changed or deleted (names, ranks, colours, the level filter). Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger users.users_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a person's names or birth date changed, or a user deleted (patients, who changed or closed). Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger patient_files.patient_files_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a file's patient or service changed, or a file deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger indicators.indicators_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when an indicator's reference, name, decimals or unit changed, or deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger units.units_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a unit's symbol changed, or deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger measures.measures_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a measure's value, time or entered value changed, or deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger alert_statuses.alert_statuses_alerts_list_version', migration: '0027_alerts-list-version',
    why: "deferred to commit, calls bump_alerts_list_version() when a status's name or closing changed, or deleted. Drizzle declares no trigger",
  },
  {
    kind: 'trigger', name: 'trigger alerts.alerts_list_version_truncate', migration: '0027_alerts-list-version',
    why: 'calls bump_alerts_list_version() when the alerts are truncated (a constraint trigger has no TRUNCATE). Drizzle declares no trigger',
  },
  {
    kind: 'data', name: 'delete duplicate ongoing form responses before their unique index', migration: '0006_one_ongoing_response',
    why: 'a data move: the old race left duplicates that form_responses_one_ongoing_idx would refuse',
  },
  {
    kind: 'data', name: 'move files.content into file_chunks and files.form_response_id into file_attachments', migration: '0008_file_storage',
    why: 'a data move: bytes already uploaded keep their storage and their owner',
  },
  {
    kind: 'trigger', name: 'trigger caregivers.caregivers_access_notice', migration: '0029_messages',
    why: "calls notify_member_changed() when a caregiver row changes: the patient side's live streams hold the files "
      + 'they follow (message.created events) and end when that changes. Drizzle declares no trigger',
  },
];
