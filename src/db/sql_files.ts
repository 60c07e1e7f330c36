/**
 * Loads SQL from the `sql/` folder. Query files hold named statements:
 *
 * ```sql
 * -- name: upsert_app
 * INSERT INTO apps ...;
 * ```
 *
 * Reading the files relative to this module keeps them out of TypeScript
 * strings and lets `deno compile --include sql` embed them.
 *
 * @module
 */

const SQL_ROOT = new URL("../../sql/", import.meta.url);

/** Reads a file under `sql/`. */
export function readSql(relative: string): string {
  return Deno.readTextFileSync(new URL(relative, SQL_ROOT));
}

/** Splits a query file into its named statements. */
export function parseNamedQueries(source: string): Map<string, string> {
  const out = new Map<string, string>();
  let name: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (name === null) return;
    const sql = body.join("\n").trim();
    if (!sql) throw new Error(`query "${name}" is empty`);
    if (out.has(name)) throw new Error(`query "${name}" is defined twice`);
    out.set(name, sql);
  };
  for (const line of source.split("\n")) {
    const m = /^--\s*name:\s*([a-z0-9_]+)\s*$/.exec(line);
    if (m) {
      flush();
      name = m[1];
      body = [];
    } else if (name !== null) {
      body.push(line);
    }
  }
  flush();
  return out;
}

/** Every named query of every file in `sql/queries/`. */
export function loadQueries(): Map<string, string> {
  const all = new Map<string, string>();
  const dir = new URL("queries/", SQL_ROOT);
  const files = [...Deno.readDirSync(dir)]
    .filter((e) => e.isFile && e.name.endsWith(".sql"))
    .map((e) => e.name)
    .sort();
  for (const file of files) {
    for (const [name, sql] of parseNamedQueries(readSql(`queries/${file}`))) {
      if (all.has(name)) throw new Error(`query "${name}" is defined twice (${file})`);
      all.set(name, sql);
    }
  }
  return all;
}

/** Migrations in order: `sql/migrations/NNNN_name.sql` → version NNNN. */
export function loadMigrations(): Array<{ version: number; name: string; sql: string }> {
  const dir = new URL("migrations/", SQL_ROOT);
  return [...Deno.readDirSync(dir)]
    .filter((e) => e.isFile && /^\d{4}_[a-z0-9_]+\.sql$/.test(e.name))
    .map((e) => ({
      version: Number(e.name.slice(0, 4)),
      name: e.name,
      sql: readSql(`migrations/${e.name}`),
    }))
    .sort((a, b) => a.version - b.version);
}
