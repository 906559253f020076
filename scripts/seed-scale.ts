/**
 * `npm run seed:scale -- --files 100000 [--demo]`: adds N patients, one file each, spread over the
 * services of the establishments present (the demo's: provisioned at start with DEMO_DATA, or by
 * --demo, which creates the demo world first when it is missing), in the database of
 * DATABASE_URL, or else the embedded one of DATA_DIR (./data; stop the app first: it holds the lock).
 *
 * Each run ADDS N more (never replaces): patients get e-mails tagged with the run, so running it
 * twice gives 2N. Names are French-looking with accents (Hélène, Lefèvre, Œ…), birth and used names
 * on some, identifiers on most, statuses OPEN/AWAITING/CLOSED, creation and start dates over five
 * years. The rows are made by PostgreSQL itself (generate_series, batches of 20,000): 100,000 files
 * take seconds on PostgreSQL. The patients cannot log in (no password hash).
 *
 * `--history-per-file N` (default 10) and `--notes-per-file N` (default 2) give each file about
 * that many history entries and notes (from 0 to 2N, so the mean is N), written in the same
 * statement as the files: a realistic mix of kinds (responses, non-compliance, device data, notes,
 * appointments…), by the establishments' professionals or the patient, some on the patient's
 * behalf, over the file's life; one file in 10,000 is a long follow-up with 2,000 entries.
 * `--files 100000` thus writes about 1M entries (tests/bench/patient-file-history.ts).
 *
 * `--measures-per-file N` and `--alerts-per-file M` (default 0) give each new file N measures of
 * its establishment's indicators over the last year (plausible values per indicator) and M alerts
 * (threshold crossings mostly, some non-compliance; one batch each, levels of the establishment,
 * a third pending, the others closed), each kind in one statement (generate_series):
 * `--files 10000 --measures-per-file 100 --alerts-per-file 10` is the alerts bench's 1M measures
 * and 100k alerts (tests/bench/alerts-list.ts).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { openDatabase } from '../server/db/client.ts';
import { provisionDemo } from '../server/demo/provision.ts';
import type { HistoryKind } from '../schemas/history.ts';

const FIRST_NAMES = [
  'Camille', 'Louis', 'Hélène', 'Éloïse', 'Jérôme', 'François', 'Zoé', 'Noël', 'Anaïs', 'Joël', 'Inès', 'Gaëlle',
  'Jean', 'Marie', 'Pierre', 'Sophie', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Thomas', 'Manon', 'Nathan', 'Emma',
  'Yasmine', 'Karim', 'Omar', 'Nina', 'Paul', 'Claire', 'Marc', 'Alice', 'Amélie', 'Benoît', 'Cécile', 'Raphaël',
  'Maëlys', 'Loïc', 'Thérèse', 'Agnès', 'Stéphane', 'Frédéric', 'Aurélie', 'Sébastien', 'Adèle', 'Océane', 'Mathéo', 'Noémie',
];
/** Syllables of last names: two of them make one (Duprè + mont → Duprèmont), about 1,800 names. */
const SYLLABLES = [
  'Du', 'Le', 'Mar', 'Ber', 'Gar', 'Mo', 'Fau', 'Rou', 'Pe', 'Ro', 'Lam', 'Fon', 'Char', 'Bou', 'Ga', 'Mé', 'Lé', 'Bé',
  'Thé', 'Fè', 'Dé', 'Vil', 'Cha', 'Gi', 'Ha', 'Ben', 'Mas', 'Ri', 'Sau', 'Tes', 'Col', 'Dar', 'Ver', 'Cré', 'Pré', 'Œu',
  'Bra', 'Clé', 'Fla', 'Gré', 'Jo', 'Lau', 'Mi', 'No', 'Pa', 'Que', 'Sé', 'Tho',
];
const ENDINGS = ['bois', 'tin', 'nard', 'reau', 'nier', 'vre', 'mont', 'rand', 'lier', 'det', 'chet', 'quier', 'zière', 'ault', 'ssin', 'rès', 'vel', 'gnon', 'llet', 'rin', 'card', 'mas', 'doux', 'ral', 'vard', 'tel', 'dier', 'let', 'ret', 'ssy', 'ron', 'zet', 'dou', 'bert', 'vin', 'lot', 'gne', 'teau'];

/** The mix of history kinds, by weight (what a telemonitored file accumulates). */
const HISTORY_MIX: [kind: HistoryKind, weight: number][] = [
  ['FORM_RESPONSE', 28], ['FORM_NON_COMPLIANCE', 8], ['DEVICE_DATA', 12], ['INDICATOR_NON_COMPLIANCE', 7],
  ['NOTE_ADDED', 9], ['NOTE_EDITED', 3], ['NOTE_ARCHIVED', 1], ['FORM_ASSIGNED', 5], ['FORM_ACTIVATED', 2], ['FORM_DEACTIVATED', 1],
  ['DOCUMENT_VIEWED', 5], ['DOCUMENT_DOWNLOADED', 2], ['APPOINTMENT_CREATED', 4], ['APPOINTMENT_UPDATED', 1],
  ['REMINDER_CREATED', 2], ['PROFILE_UPDATED', 3], ['IDENTITY_SEARCH', 2], ['IDENTITY_VERIFIED', 1],
  ['CAREGIVER_ADDED', 1], ['ALERT_THRESHOLD_CREATED', 1], ['REFERENCE_VALUE_CREATED', 1], ['HOSPITALIZATION', 1],
];
const HISTORY_KIND_LIST = HISTORY_MIX.flatMap(([kind, weight]) => Array<string>(weight).fill(kind));
const FORM_REFERENCES = ['suivi-insuffisance-cardiaque', 'qualite-de-vie', 'douleur-post-operatoire', 'observance', 'sommeil'];
/** One file in this many is a long follow-up, with HEAVY_HISTORY entries. */
const HEAVY_EVERY = 10_000;
const HEAVY_HISTORY = 2_000;

const BATCH = 20_000;
const text = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export interface SeedResult { added: number; services: number; tag: string }

export interface SeedOptions {
  /** Mean history entries per file (each file gets 0 to 2N); 0: none (the default). */
  historyPerFile?: number;
  /** Mean notes per file (0 to 2N each); 0: none (the default). */
  notesPerFile?: number;
  /** Measures per file, over the last year before `now`; 0: none (the default). */
  measuresPerFile?: number;
  /** Alerts per file (one batch each), over the last year before `now`; 0: none (the default). */
  alertsPerFile?: number;
  /** The end of the year of measures and alerts (default: the time of the run). */
  now?: Date;
}

/** Adds `files` patients with one file each over every service present; refuses when there is no service. */
export async function seedScale(db: Db, files: number, log: (message: string) => void = () => {}, options: SeedOptions = {}): Promise<SeedResult> {
  const historyPerFile = options.historyPerFile ?? 0;
  const notesPerFile = options.notesPerFile ?? 0;
  const tag = randomBytes(4).toString('hex');
  const { rows: [counted] } = await db.execute<{ n: number }>(sql`select count(*)::int as n from services`) as unknown as { rows: { n: number }[] };
  const serviceCount = Number(counted?.n ?? 0);
  if (!serviceCount) throw new Error('No service to put files in: run with --demo (or start the app once with DEMO_DATA=true) to create the demo establishments first.');
  for (let from = 0; from < files; from += BATCH) {
    const to = Math.min(files, from + BATCH) - 1;
    // One statement per batch: the patients, then a file each over the services in turn. hashtext()
    // spreads names and dates without random(), so a run is the same shape every time.
    await db.execute(sql`
      with people as (
        insert into users (email, password_hash, roles, first_name, last_name, birth_name, used_name, birth_date, sex,
          external_id, ins_number, social_security_number)
        select 'scale-' || ${tag} || '-' || i || '@scale.telesuivi.test', '!', ARRAY['ROLE_PATIENT'],
          f.names[1 + abs(hashtext('f' || i)) % array_length(f.names, 1)],
          s.syl[1 + abs(hashtext('a' || i)) % array_length(s.syl, 1)] || e.endings[1 + abs(hashtext('b' || i)) % array_length(e.endings, 1)],
          case when i % 5 = 0 then s.syl[1 + abs(hashtext('c' || i)) % array_length(s.syl, 1)] || e.endings[1 + abs(hashtext('d' || i)) % array_length(e.endings, 1)] end,
          case when i % 11 = 0 then s.syl[1 + abs(hashtext('u' || i)) % array_length(s.syl, 1)] || e.endings[1 + abs(hashtext('v' || i)) % array_length(e.endings, 1)] end,
          date '1930-01-01' + (abs(hashtext('y' || i)) % 30000),
          case when i % 2 = 0 then 'female' else 'male' end,
          case when i % 4 <> 0 then 'EXT-' || ${tag} || '-' || lpad(i::text, 7, '0') end,
          case when i % 3 <> 0 then lpad((abs(hashtext('ins' || ${tag} || i)) % 1000000000)::text, 15, '1') end,
          case when i % 2 = 0 then lpad((abs(hashtext('nir' || ${tag} || i)) % 1000000000)::text, 13, '2') end
        from generate_series(${from}::int, ${to}::int) as i,
          (select ${text(FIRST_NAMES)} as names) f, (select ${text(SYLLABLES)} as syl) s, (select ${text(ENDINGS)} as endings) e
        returning id, email
      ),
      numbered as (select id, (regexp_match(email, '-(\\d+)@'))[1]::int as i from people),
      service_list as (select id, row_number() over (order by id) - 1 as n from services),
      files as (
        insert into patient_files (patient_id, service_id, status, start_date, created_at)
        select p.id, sl.id,
          (ARRAY['OPEN', 'OPEN', 'OPEN', 'OPEN', 'OPEN', 'OPEN', 'AWAITING', 'CLOSED', 'CLOSED', 'CLOSED'])[1 + p.i % 10],
          date '2021-01-01' + (abs(hashtext('s' || p.i)) % 1800),
          timestamptz '2021-01-01 00:00:00+00' + make_interval(secs => abs(hashtext('t' || p.i)) % (1800 * 86400))
        from numbered p join service_list sl on sl.n = abs(hashtext('service' || p.i)) % ${serviceCount}
        returning id, patient_id, created_at
      ),
      -- The files again with their patient's number, how many entries and notes each gets, and a professional of the platform.
      planned as (
        select f.id, f.patient_id, f.created_at, p.i,
          case when ${historyPerFile}::int = 0 then 0 when p.i % ${HEAVY_EVERY} = 7 then ${HEAVY_HISTORY}
            else abs(hashtext('h' || p.i)) % (2 * ${historyPerFile}::int + 1) end as entries,
          case when ${notesPerFile}::int = 0 then 0 else abs(hashtext('n' || p.i)) % (2 * ${notesPerFile}::int + 1) end as notes
        from files f join numbered p on p.id = f.patient_id
      ),
      pros as (select array_agg(id order by id) as ids from users where 'ROLE_PROFESSIONAL' = any(roles)),
      written_notes as (
        insert into patient_file_notes (patient_file_id, author_id, text, created_at, archived_at, archived_by)
        select f.id, pr.ids[1 + abs(hashtext('na' || f.i || '-' || g)) % array_length(pr.ids, 1)],
          'Note de suivi ' || g || ' : constantes stables, patient revu en consultation.',
          f.created_at + make_interval(days => g * 11),
          case when g % 5 = 0 then f.created_at + make_interval(days => g * 11 + 3) end,
          case when g % 5 = 0 then pr.ids[1] end
        from planned f cross join pros pr cross join lateral generate_series(1, f.notes) g
        where array_length(pr.ids, 1) > 0
        returning 1
      ),
      entries as (
        select f.id as file_id, f.patient_id, f.i, g, pr.ids as pros,
          k.kinds[1 + abs(hashtext('k' || f.i || '-' || g)) % array_length(k.kinds, 1)] as kind,
          -- Over the file's life: a long follow-up's entries an hour or so apart, the others days apart.
          f.created_at + make_interval(secs => g * (case when f.entries > 200 then 3600 else 5 * 86400 end) + abs(hashtext('o' || f.i || '-' || g)) % 3600) as at
        from planned f cross join pros pr cross join (select ${text(HISTORY_KIND_LIST)} as kinds) k
          cross join lateral generate_series(1, f.entries) g
        where array_length(pr.ids, 1) > 0
      )
      insert into patient_file_history (patient_file_id, type, actor_id, on_behalf_of_id, occurred_at, payload)
      select e.file_id, e.kind,
        case when e.kind = 'FORM_RESPONSE' and g % 4 <> 0 then e.patient_id
          else e.pros[1 + abs(hashtext('pa' || e.i || '-' || g)) % array_length(e.pros, 1)] end,
        -- A response entered by a professional is entered on the patient's behalf.
        case when e.kind = 'FORM_RESPONSE' and g % 4 = 0 then e.patient_id end,
        e.at,
        case
          when e.kind like 'FORM_%' then jsonb_build_object('reference', (${text(FORM_REFERENCES)})[1 + g % ${FORM_REFERENCES.length}])
            || case when e.kind = 'FORM_NON_COMPLIANCE' then jsonb_build_object('periodInDays', 1 + g % 7) else '{}'::jsonb end
          when e.kind = 'INDICATOR_NON_COMPLIANCE' then jsonb_build_object('indicator', (ARRAY['weight', 'heartRate', 'bloodPressure'])[1 + g % 3], 'periodInDays', 1 + g % 3)
          when e.kind = 'DEVICE_DATA' then jsonb_build_object('device', (ARRAY['scale', 'tensiometer', 'oximeter'])[1 + g % 3], 'measures', 1 + g % 4)
          when e.kind like 'NOTE_%' then jsonb_build_object('noteId', gen_random_uuid())
          when e.kind like 'IDENTITY_%' then jsonb_build_object('status', 'RECOVERED')
          else '{}'::jsonb
        end
      from entries e`);
    log(`  ${to + 1} / ${files}`);
  }
  // Fresh statistics, or the planner keeps the plans of an empty table; VACUUM also marks the pages
  // all-visible, so counts read the (service, status) index alone as they will once autovacuum has run.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze patient_files`);
  if (historyPerFile) await db.execute(sql`vacuum analyze patient_file_history`);
  if (notesPerFile) await db.execute(sql`vacuum analyze patient_file_notes`);
  await seedTelemonitoring(db, tag, options, log);
  return { added: files, services: serviceCount, tag };
}

/** Plausible values per indicator reference (the demo catalogue's); others around 50. */
const TYPICAL = sql.raw(`case i.reference when 'weight' then 75 when 'systolic' then 130 when 'diastolic' then 80
  when 'heart_rate' then 70 when 'spo2' then 96 when 'temperature' then 37 when 'glucose' then 6 else 50 end`);

/** Measures and alerts of this run's files (seedScale's `tag`), each kind in one statement. */
async function seedTelemonitoring(db: Db, tag: string, options: SeedOptions, log: (message: string) => void) {
  const measuresPerFile = options.measuresPerFile ?? 0;
  const alertsPerFile = options.alertsPerFile ?? 0;
  const now = (options.now ?? new Date()).toISOString();
  const ofRun = sql`u.email like ${`scale-${tag}-%`}`;
  if (measuresPerFile) {
    await db.execute(sql`
      with run_files as (
        select f.id, f.patient_id, s.establishment_id, row_number() over (order by f.id) as n
        from patient_files f join users u on u.id = f.patient_id join services s on s.id = f.service_id where ${ofRun}
      ),
      file_indicators as (
        select rf.id, rf.patient_id, rf.n, array_agg(i.id order by i.reference) as ids, array_agg((${TYPICAL})::float8 order by i.reference) as typical
        from run_files rf join indicators i on i.establishment_id = rf.establishment_id group by rf.id, rf.patient_id, rf.n
      )
      insert into measures (patient_file_id, indicator_id, value, entered_value, entered_unit, measured_at, recorded_at, recorded_by, source)
      select fi.id, fi.ids[k], v.value, v.value, 'seed', m.at, m.at, fi.patient_id, 'MANUAL'
      from file_indicators fi cross join lateral generate_series(1, ${measuresPerFile}::int) g
        cross join lateral (select 1 + abs(hashtext('mi' || fi.n || '-' || g)) % array_length(fi.ids, 1) as k) x(k)
        cross join lateral (select round((fi.typical[k] * (0.9 + (abs(hashtext('mv' || fi.n || '-' || g)) % 2000) / 10000.0))::numeric, 1)::float8 as value) v
        cross join lateral (select ${now}::timestamptz - make_interval(secs => abs(hashtext('mt' || fi.n || '-' || g)) % (365 * 86400)) as at) m`);
    await db.execute(sql`vacuum analyze measures`);
    log(`  measures: ${measuresPerFile} per file`);
  }
  if (alertsPerFile) {
    await db.execute(sql`
      with planned as materialized (
        select gen_random_uuid() as batch_id, f.id as file_id, f.service_id, g,
          ${now}::timestamptz - make_interval(secs => abs(hashtext('at' || f.id || '-' || g)) % (365 * 86400)) as raised_at,
          (select array_agg(l.id order by l.rank) from intervention_levels l where l.establishment_id = s.establishment_id) as levels,
          (select array_agg(i.id order by i.reference) from indicators i where i.establishment_id = s.establishment_id) as indicators,
          abs(hashtext('ak' || f.id || '-' || g)) % 10 as draw
        from patient_files f join users u on u.id = f.patient_id join services s on s.id = f.service_id
          cross join lateral generate_series(1, ${alertsPerFile}::int) g
        where ${ofRun}
      ),
      batches as (
        insert into alert_batches (id, patient_file_id, source, created_at)
        select batch_id, file_id, case when draw < 8 then 'MEASURES' else 'NON_COMPLIANCE' end, raised_at from planned
        returning 1
      )
      insert into alerts (batch_id, patient_file_id, service_id, kind, level_id, indicator_id, crossing, status, raised_at, closed_at)
      select p.batch_id, p.file_id, p.service_id,
        case when p.draw < 8 then 'THRESHOLD' when p.draw = 8 then 'NON_COMPLIANCE_INDICATOR' else 'NON_COMPLIANCE_FORM' end,
        p.levels[1 + g % greatest(array_length(p.levels, 1), 1)],
        case when p.draw < 9 then p.indicators[1 + abs(hashtext('ai' || p.file_id || '-' || g)) % greatest(array_length(p.indicators, 1), 1)] end,
        case when p.draw < 8 then jsonb_build_object('operator', '>', 'mode', 'ABSOLUTE', 'threshold', 100, 'measuredValue', 101 + g % 20)
          else jsonb_build_object('periodInDays', 1 + g % 7) end,
        case when g % 3 = 0 then 'PENDING' else 'CLOSED' end,
        p.raised_at,
        case when g % 3 = 0 then null else p.raised_at + interval '2 hours' end
      -- The batches' insert runs though nothing reads it; the foreign keys are checked at the statement's end.
      from planned p`);
    await db.execute(sql`vacuum analyze alert_batches`);
    await db.execute(sql`vacuum analyze alerts`);
    log(`  alerts: ${alertsPerFile} per file`);
  }
}

function filesArgument(argv: readonly string[]): number {
  const at = argv.indexOf('--files');
  const value = Number(at >= 0 ? argv[at + 1] : 10_000);
  if (!Number.isInteger(value) || value < 1 || value > 10_000_000) throw new Error('--files takes a whole number from 1 to 10,000,000');
  return value;
}

function perFileArgument(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  const value = Number(at >= 0 ? argv[at + 1] : fallback);
  if (!Number.isInteger(value) || value < 0 || value > 1000) throw new Error(`${name} takes a whole number from 0 to 1,000`);
  return value;
}

async function main() {
  const files = filesArgument(process.argv.slice(2));
  const historyPerFile = perFileArgument(process.argv.slice(2), '--history-per-file', 10);
  const notesPerFile = perFileArgument(process.argv.slice(2), '--notes-per-file', 2);
  const measuresPerFile = perFileArgument(process.argv.slice(2), '--measures-per-file', 0);
  const alertsPerFile = perFileArgument(process.argv.slice(2), '--alerts-per-file', 0);
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: process.env.DATA_DIR ?? './data' });
  try {
    if (process.argv.includes('--demo')) await provisionDemo(database.db);
    const began = performance.now();
    const result = await seedScale(database.db, files, (m) => process.stderr.write(`${m}\n`), { historyPerFile, notesPerFile, measuresPerFile, alertsPerFile });
    process.stdout.write(`Added ${result.added} patients and files (about ${historyPerFile} history entries, ${notesPerFile} notes, ${measuresPerFile} measures and ${alertsPerFile} alerts each) over ${result.services} services (${database.kind}, run ${result.tag}) in ${((performance.now() - began) / 1000).toFixed(1)} s. Running again adds more.\n`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
