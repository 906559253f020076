/**
 * Every error code the API answers (`{ code, message }`, spec 001 §8), with the status it comes
 * with. The one list: the server's AppError accepts only these codes (a type error otherwise),
 * the client reads ApiError.code as one of them, and tests/unit/error-codes.test.ts checks that
 * each has its message in fr, en and ar (server/i18n/locales/*.json, `errors.<code>`) with the
 * same parameters, and that no code is thrown that is not listed here.
 *
 * Adding a code: a line here, then its message in the three locale files.
 */
export const ERROR_CODES = {
  // Session and access
  insufficient_authentication: { status: 401 },
  cgu_not_accepted: { status: 401 },
  personal_data_use_not_approved: { status: 401 },
  invalid_credentials: { status: 401 },
  invalid_identity: { status: 401 },
  too_many_attempts: { status: 429 },
  csrf_token_invalid: { status: 403 },
  cross_site_request: { status: 403 },
  professionals_only: { status: 403 },
  patients_only: { status: 403 },
  /** Another establishment's record, or one that does not exist: the same answer, never 403. */
  not_found: { status: 404 },
  route_not_found: { status: 404 },
  // Retries (Idempotency-Key, server/care/idempotency/)
  /** The key was used for another call (another body, address or method) by the same caller. */
  idempotency_key_reused: { status: 422 },
  /** The first call with this key still runs after the retry waited for it. */
  idempotency_key_in_progress: { status: 409 },
  // Concurrent writes (issue 19): what the database refused that no route mapped (server/plugins/errors.ts).
  /** A unique index refused a row no route maps to an error of its own: the record exists already. */
  already_exists: { status: 409 },
  /** PostgreSQL gave up a transaction for another's (a deadlock, a serialization failure): nothing was written, try again. */
  concurrent_change: { status: 409 },
  /** GET /api/events without `Accept: text/event-stream`: the stream is for EventSource only. */
  event_stream_only: { status: 406 },
  // Input
  validation_error: { status: 400 },
  bad_request: { status: 400 },
  bad_url: { status: 400 },
  uri_too_long: { status: 414 },
  invalid_json: { status: 400 },
  empty_json_body: { status: 400 },
  json_too_deep: { status: 400 },
  invalid_content_length: { status: 400 },
  invalid_character: { status: 400 },
  invalid_number: { status: 400 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  header_fields_too_large: { status: 431 },
  request_timeout: { status: 408 },
  multipart_invalid: { status: 400 },
  // Login form fields (each with the field's label)
  input_required: { status: 400 },
  input_invalid_email: { status: 400 },
  input_too_long: { status: 400 },
  input_invalid: { status: 400 },
  invalid_target_url: { status: 400 },
  // The account
  language_required: { status: 400 },
  invalid_timezone: { status: 400 },
  password_confirmation_mismatch: { status: 400 },
  wrong_current_password: { status: 400 },
  /** First login with a temporary password (server/auth/first-login.ts): the chosen password's rules, and a first-login step that expired or was already used. */
  password_too_short: { status: 400 },
  password_same_as_temporary: { status: 400 },
  password_same_as_current: { status: 400 },
  first_login_expired: { status: 401 },
  // Layouts and published schemas
  layout_invalid: { status: 400 },
  layout_not_found: { status: 404 },
  page_not_personalisable: { status: 403 },
  schema_not_found: { status: 404 },
  // Questionnaires
  answer_invalid: { status: 400 },
  field_required: { status: 400 },
  occurrence_mismatch: { status: 400 },
  form_limit_date_passed: { status: 409 },
  form_already_answered: { status: 409 },
  form_not_yet_available: { status: 409 },
  form_deactivated: { status: 409 },
  form_already_assigned: { status: 409 },
  older_late_forms_pending: { status: 409 },
  patient_file_not_open: { status: 409 },
  /** Any change to a closed file (server/care/patient-file.ts requireOpen). */
  patient_file_closed: { status: 409 },
  /** Reopening a file that is not closed (server/care/patient-files/status.ts). */
  patient_file_not_closed: { status: 409 },
  free_form_limit_reached: { status: 429 },
  /** A questionnaire excluded from the file (spec 001 §4): out of the plan, not answerable until restored. */
  form_excluded: { status: 409 },
  form_already_excluded: { status: 409 },
  /** Activating an active questionnaire, deactivating an inactive one: the state changes once. */
  form_already_active: { status: 409 },
  form_already_inactive: { status: 409 },
  form_not_excluded: { status: 409 },
  /** A chart display of the indicators tab excluded twice, or restored while shown (server/care/chart-displays/). */
  chart_display_already_excluded: { status: 409 },
  chart_display_not_excluded: { status: 409 },
  /** A planning whose occurrences stay open longer than the interval between them (each must close before the next opens). */
  planning_window_too_long: { status: 400 },
  NOT_UNIQUE_ERROR: { status: 409 },
  /** The pathology is already one of the file's conditions (POST /patient_files/{id}/conditions). */
  condition_already_present: { status: 409 },
  // Files
  file_type_refused: { status: 400 },
  file_too_large: { status: 413 },
  file_already_uploaded: { status: 409 },
  file_missing: { status: 400 },
  multiple_uploads: { status: 400 },
  // Therapeutic content (server/care/education/)
  /** Not a YouTube video address (youtube.com/watch?v=, youtu.be/, /embed/, /shorts/): said on body.youtubeUrl. */
  youtube_url_invalid: { status: 400 },
  /** The uploaded file is not of the item's kind (a video for a video, a PDF for a document, PNG/JPEG for an image). */
  education_file_kind_mismatch: { status: 400 },
  // The patient form (schemas/patient-form.ts), one code per rule, said on the field; field_required above
  value_invalid: { status: 400 },
  value_too_short: { status: 400 },
  value_too_long: { status: 400 },
  value_out_of_range: { status: 400 },
  // A measure or reference value outside its indicator's plausible range (issue 18)
  value_not_plausible: { status: 400 },
  integer_required: { status: 400 },
  email_invalid: { status: 400 },
  birth_name_diacritics: { status: 400 },
  name_invalid: { status: 400 },
  first_names_invalid: { status: 400 },
  phone_invalid: { status: 400 },
  email_or_mobile_required: { status: 400 },
  social_security_number_invalid: { status: 400 },
  insee_code_invalid: { status: 400 },
  oid_invalid: { status: 400 },
  ins_number_invalid: { status: 400 },
  ins_key_invalid: { status: 400 },
  date_invalid: { status: 400 },
  birth_date_in_future: { status: 400 },
  /** Patient creation and profile (server/care/patients/): the file's end date not after its start date. */
  end_date_before_start: { status: 400 },
  /** Another account already has this e-mail (case-insensitive). */
  email_already_used: { status: 409 },
  /** The e-mail is the patient's login: it can be changed, not removed. */
  email_is_login: { status: 409 },
  /** An identity trait of a checked identity (not PROVISIONAL) changes only with a proof of identity (PUT /persons/{id}/identity). */
  identity_change_needs_proof: { status: 409 },
  /** A date that cannot be after today (a diagnosis). */
  date_in_future: { status: 400 },
  /** The virus scanner found a virus in the upload: refused, its bytes removed (server/storage/virus-scan.ts). */
  file_infected: { status: 400 },
  /** The virus scanner could not be reached or gave no verdict: the upload is refused, to be sent again later. */
  virus_scanner_unavailable: { status: 503 },
  // Documents of a patient file (server/care/documents/)
  /** A document is a file or an external link: exactly one of the two. */
  document_file_or_link: { status: 400 },
  /** Spec 001 §5: the reminder between start and end, or on or after the start. */
  reminder_outside_period: { status: 400 },
  document_already_acknowledged: { status: 409 },
  /** An excluded document is restored before it changes again; one already excluded is not excluded twice. */
  document_excluded: { status: 409 },
  document_not_excluded: { status: 409 },
  /** Entered in error is final: kept with who, when and why, never changed again. */
  document_entered_in_error: { status: 409 },
  /** The document is a link: there are no bytes to view or download. */
  document_has_no_file: { status: 404 },
  // Notifications (server/notifications/)
  /** A preference names a type that is not in NOTIFICATION_TYPES. */
  notification_type_unknown: { status: 400 },
  /** A preference names a channel that is not IN_APP, EMAIL or PUSH. */
  notification_channel_unknown: { status: 400 },
  /** A push subscription's endpoint is not an https address (http only on this machine, in development). */
  push_endpoint_invalid: { status: 400 },
  /** Web push is off: no VAPID keys in production. */
  push_not_configured: { status: 404 },
  // Prescriptions (server/care/prescriptions/)
  /** Only a document of a prescription type is renewed. */
  not_a_prescription: { status: 409 },
  /** A prescription has one live renewal: renew the renewal. */
  prescription_already_renewed: { status: 409 },
  /** A prescription renewed, or renewing another, keeps its type: the chain is of one type (renew()). */
  prescription_type_linked: { status: 409 },
  // Notes and caregivers of a patient file (server/care/notes/, server/care/caregivers/)
  /** A note is edited by its author only (other professionals add their own note). */
  note_author_only: { status: 403 },
  /** An archived note is kept and viewable, never changed again. */
  note_archived: { status: 409 },
  /** No patient-side account of the establishment has this e-mail (the same answer for an unknown one: no existence oracle). */
  caregiver_account_not_found: { status: 404 },
  caregiver_is_patient: { status: 409 },
  caregiver_already_added: { status: 409 },
  /** A new account was asked with the e-mail of a patient-side account the establishment knows: that account is added by its e-mail. */
  caregiver_account_exists: { status: 409 },
  // Identity (issue 10 §2, schemas/api/identity.ts)
  identity_trait_missing: { status: 400 },
  identity_trait_invalid: { status: 400 },
  identity_proof_required: { status: 400 },
  identity_document_type_refused: { status: 400 },
  identity_document_type_in_use: { status: 409 },
  // Telemonitoring catalogue (issue 11 §1, server/care/catalogue/)
  /** A unit's code is not a case-exact UCUM code (server/shared/ucum.ts). */
  invalid_ucum_code: { status: 400 },
  indicator_type_in_use: { status: 409 },
  unit_in_use: { status: 409 },
  intervention_level_in_use: { status: 409 },
  /** An indicator with measures keeps its unit and cannot be deleted (its values would change meaning). */
  indicator_has_measures: { status: 409 },
  // Measures, thresholds and reference values (issue 11 §2, §3, server/care/measures/)
  /** A measure's unit does not convert to its indicator's unit (UCUM, server/shared/ucum.ts). */
  unit_not_convertible: { status: 400 },
  /** A measure taken later than now (beyond the clock-skew allowance): never clamped. */
  measured_at_in_future: { status: 400 },
  /** A measure dated before its file's follow-up started (the message gives that day). */
  measured_before_file_start: { status: 400 },
  /** A measure dated further back than the establishment accepts late values (the message gives the days). */
  measured_too_long_ago: { status: 400 },
  /** The file's patient data is deactivated (spec 001 §7 patient_data/deactivate): no measure is recorded. */
  patient_data_inactive: { status: 409 },
  /** A reference value already deactivated is not deactivated again. */
  reference_value_inactive: { status: 409 },
  /** A threshold already deactivated is not deactivated again. */
  boundary_inactive: { status: 409 },
  // Non-compliance rules (issue 11 §5, server/care/non-compliance/)
  /** A list holds more items than allowed (params: max). */
  too_many_items: { status: 400 },
  /** The same item twice in a list. */
  duplicate_item: { status: 400 },
  /** A rule a protocol brought is changed for this file with override, not PUT. */
  non_compliance_rule_from_protocol: { status: 409 },
  /** Override is for a rule a protocol brought; the file's own rule is changed with PUT. */
  non_compliance_rule_not_from_protocol: { status: 409 },
  /** A deactivated rule is kept for the record and changed no more. */
  non_compliance_rule_deactivated: { status: 409 },
  non_compliance_rule_excluded: { status: 409 },
  non_compliance_rule_not_excluded: { status: 409 },
  /** The file already has its own active rule on the same indicators, period and level: it would alert twice. */
  non_compliance_rule_already_exists: { status: 409 },
  // Medical protocols (issue 11 §8, server/care/protocols/)
  /** A questionnaire without planning (FREE) given a planning in a protocol. */
  planning_for_free_form: { status: 400 },
  /** An archived protocol is kept for the files it was applied to; it is not changed nor applied again until restored. */
  protocol_archived: { status: 409 },
  protocol_not_archived: { status: 409 },
  /** A protocol is applied to a file once; its state changes with activate, deactivate, exclude and restore. */
  protocol_already_applied: { status: 409 },
  protocol_already_active: { status: 409 },
  protocol_already_inactive: { status: 409 },
  protocol_already_excluded: { status: 409 },
  protocol_not_excluded: { status: 409 },
  // Alerts (issue 11 §4, server/care/alerts/)
  /** A closed alert changes no more. */
  alert_already_closed: { status: 409 },
  /** A measure already marked entered in error (issue 18): marked once, never unmarked. */
  measure_already_entered_in_error: { status: 409 },
  /** A patient's correction of her own value after the establishment's delay. */
  measure_correction_delay_passed: { status: 409 },
  /** A patient correcting a value she did not type (a professional's, a device's, a questionnaire's). */
  measure_not_yours: { status: 403 },
  // Secure messaging (issue 20 §4, schemas/messages.ts, server/care/messages/)
  /** A message with neither text nor attachment. */
  message_empty: { status: 400 },
  /** A text of spaces and line breaks only: refused, never trimmed into nothing. */
  message_text_blank: { status: 400 },
  /** The attachment's author withdrew it (entered in error): its bytes are no longer served. */
  message_attachment_withdrawn: { status: 410 },
  /** Withdrawn once, for good. */
  message_attachment_already_withdrawn: { status: 409 },
  // The service
  internal_error: { status: 500 },
  not_ready: { status: 503 },
  care_api_unavailable: { status: 502 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
