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
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { openDatabase } from '../server/db/client.ts';
import { provisionDemo } from '../server/demo/provision.ts';

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

const BATCH = 20_000;
const text = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export interface SeedResult { added: number; services: number; tag: string }

/** Adds `files` patients with one file each over every service present; refuses when there is no service. */
export async function seedScale(db: Db, files: number, log: (message: string) => void = () => {}): Promise<SeedResult> {
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
      service_list as (select id, row_number() over (order by id) - 1 as n from services)
      insert into patient_files (patient_id, service_id, status, start_date, created_at)
      select p.id, sl.id,
        (ARRAY['OPEN', 'OPEN', 'OPEN', 'OPEN', 'OPEN', 'OPEN', 'AWAITING', 'CLOSED', 'CLOSED', 'CLOSED'])[1 + p.i % 10],
        date '2021-01-01' + (abs(hashtext('s' || p.i)) % 1800),
        timestamptz '2021-01-01 00:00:00+00' + make_interval(secs => abs(hashtext('t' || p.i)) % (1800 * 86400))
      from numbered p join service_list sl on sl.n = abs(hashtext('service' || p.i)) % ${serviceCount}`);
    log(`  ${to + 1} / ${files}`);
  }
  // Fresh statistics, or the planner keeps the plans of an empty table; VACUUM also marks the pages
  // all-visible, so counts read the (service, status) index alone as they will once autovacuum has run.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze patient_files`);
  return { added: files, services: serviceCount, tag };
}

function filesArgument(argv: readonly string[]): number {
  const at = argv.indexOf('--files');
  const value = Number(at >= 0 ? argv[at + 1] : 10_000);
  if (!Number.isInteger(value) || value < 1 || value > 10_000_000) throw new Error('--files takes a whole number from 1 to 10,000,000');
  return value;
}

async function main() {
  const files = filesArgument(process.argv.slice(2));
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: process.env.DATA_DIR ?? './data' });
  try {
    if (process.argv.includes('--demo')) await provisionDemo(database.db);
    const began = performance.now();
    const result = await seedScale(database.db, files, (m) => process.stderr.write(`${m}\n`));
    process.stdout.write(`Added ${result.added} patients and files over ${result.services} services (${database.kind}, run ${result.tag}) in ${((performance.now() - began) / 1000).toFixed(1)} s. Running again adds more.\n`);
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
