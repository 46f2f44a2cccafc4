import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { BackupError, fileOf, type Manifest, type TableEntry } from './manifest.js';

/**
 * The logical dump (docs/decisions/025): every table of the `public` schema read inside one
 * REPEATABLE READ, READ ONLY transaction — one snapshot, as `pg_dump` takes — through the
 * app's own connection, so it is the same code on PostgreSQL and on the embedded PGlite.
 * Each row is written as PostgreSQL's own `row_to_json` text, one a line, never parsed in
 * JavaScript (bigints, numerics and timestamps keep their exact text); the restore hands the
 * lines back to `json_populate_recordset`, which parses them with the column types. The
 * schema is not dumped: the restore makes it with the migrations, which must be the same.
 */

const FETCH_ROWS = 1000;
/** Rows per INSERT on restore, and a bound on the JSON text sent at once. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

const JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/meta/_journal.json');

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of `public`, parents before children (a foreign key's target first; a cycle keeps name order). */
async function tablesInDependencyOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).rows.map((row) => row.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and ch.oid <> pa.oid`,
    )
  ).rows;
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    // A cycle of foreign keys (none today): the rest in name order; the restore would report the violation.
    const next = ready.length > 0 ? ready : tables.filter((table) => !placed.has(table));
    for (const table of next) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

async function writtenColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((row) => row.name);
}

export async function lastMigration(client: pg.ClientBase): Promise<Manifest['database']['lastMigration'] | undefined> {
  const { rows } = await client.query<{ hash: string; created_at: number | string }>(
    `select hash, created_at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  let tag: string | undefined;
  try {
    const journal = JSON.parse(await readFile(JOURNAL, 'utf8')) as { entries: { when: number; tag: string }[] };
    tag = journal.entries.find((entry) => entry.when === createdAt)?.tag;
  } catch {
    // Without the journal the hash still identifies the migration.
  }
  return { tag, hash: row.hash, createdAt };
}

async function writeLine(stream: NodeJS.WritableStream, line: string): Promise<void> {
  // Waits for the buffer to drain when it is full; rejects if the stream fails meanwhile.
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

function closeStream(stream: ReturnType<typeof createWriteStream>): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

/**
 * Writes every table to `<dir>/database/<table>.jsonl` from one snapshot. Answers what the
 * manifest says about the database.
 */
export async function dumpDatabase(
  pool: pg.Pool,
  engine: Manifest['database']['engine'],
  dir: string,
  onProgress: (line: string) => void,
  /** Also read in the snapshot: the storage keys the rows name (to check the files against). */
  storedKeysSql?: string,
): Promise<{ database: Manifest['database']; storedKeys: string[] }> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // The snapshot is taken at the first query: everything below sees the same instant.
    const migration = await lastMigration(client);
    if (!migration) throw new BackupError('The database has no migrations applied: there is nothing to back up.');
    const serverVersion = (await client.query<{ version: string }>('show server_version')).rows[0]?.version ?? 'unknown';
    const tables: TableEntry[] = [];
    for (const name of await tablesInDependencyOrder(client)) {
      const columns = await writtenColumns(client, name);
      const file = `database/${name}.jsonl`;
      const out = createWriteStream(fileOf(dir, file));
      let rows = 0;
      const columnList = columns.map(quote).join(', ');
      await client.query(
        `declare dump_rows no scroll cursor for select row_to_json(t)::text as row from (select ${columnList} from public.${quote(name)}) t`,
      );
      for (;;) {
        const batch = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from dump_rows`);
        for (const { row } of batch.rows) await writeLine(out, row);
        rows += batch.rows.length;
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await client.query('close dump_rows');
      await closeStream(out);
      tables.push({ name, columns, rows, file });
    }
    const sequences: Manifest['database']['sequences'] = [];
    const sequenceNames = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    );
    for (const { name } of sequenceNames.rows) {
      const value = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from public.${quote(name)}`,
      );
      const row = value.rows[0];
      if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
    }
    const storedKeys = storedKeysSql ? (await client.query<{ key: string }>(storedKeysSql)).rows.map((row) => row.key) : [];
    await client.query('commit');
    const total = tables.reduce((sum, table) => sum + table.rows, 0);
    onProgress(`Database: ${tables.length} tables, ${total} rows (one snapshot, at migration ${migration.tag ?? migration.hash}).`);
    return { database: { engine, serverVersion, lastMigration: migration, tables, sequences }, storedKeys };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Whether the database holds marketplace data already (an account or a listing). */
export async function holdsData(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ used: boolean }>(
    `select exists (select 1 from public.users) or exists (select 1 from public.listings) as used`,
  );
  return rows[0]?.used ?? false;
}

async function* linesOf(file: string): AsyncIterable<string> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line.length > 0) yield line;
}

/**
 * Loads the dumped rows into a migrated database, in one transaction: every table of
 * `public` is emptied first (the migrations' own rows too), user triggers are off while the
 * rows go in (the rows they would write are in the backup already), sequences are set back.
 * A failure leaves the database as it was.
 */
export async function loadDatabase(
  pool: pg.Pool,
  dir: string,
  database: Manifest['database'],
  onProgress: (line: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const present = await tablesInDependencyOrder(client);
    const missing = database.tables.filter((table) => !present.includes(table.name));
    if (missing.length > 0) {
      throw new BackupError(
        `The database has no table ${missing.map((table) => table.name).join(', ')}: its migrations differ from the backup's.`,
      );
    }
    for (const table of present) await client.query(`alter table public.${quote(table)} disable trigger user`);
    if (present.length > 0) await client.query(`truncate table ${present.map((table) => `public.${quote(table)}`).join(', ')}`);
    for (const table of database.tables) {
      const columnList = table.columns.map(quote).join(', ');
      const insert = `insert into public.${quote(table.name)} (${columnList}) overriding system value
        select ${columnList} from json_populate_recordset(null::public.${quote(table.name)}, $1::json)`;
      let batch: string[] = [];
      let bytes = 0;
      let loaded = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(insert, [`[${batch.join(',')}]`]);
        loaded += batch.length;
        batch = [];
        bytes = 0;
      };
      for await (const line of linesOf(fileOf(dir, table.file))) {
        batch.push(line);
        bytes += line.length;
        if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
      }
      await flush();
      if (loaded !== table.rows) {
        throw new BackupError(`${table.file} holds ${loaded} rows where the manifest says ${table.rows}: the backup is inconsistent.`);
      }
      if (table.rows > 0) onProgress(`  ${table.name}: ${table.rows} rows`);
    }
    for (const sequence of database.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${quote(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const table of present) await client.query(`alter table public.${quote(table)} enable trigger user`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // Fresh statistics for the planner (ARCHITECTURE: run ANALYZE after bulk loads).
  await pool.query('analyze');
}
