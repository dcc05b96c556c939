import { execFileSync } from 'node:child_process';
import type { DatabaseTarget } from '../db/target';

/**
 * Runs one SQL statement (with `$1`, `$2`... parameters) from a separate Node process, as
 * `npm run seed` or a second app process would write to the same database: better-sqlite3 on
 * the SQLite file, `pg` on PostgreSQL.
 */
export function writeFromAnotherProcess(target: DatabaseTarget, statement: string, params: readonly (string | number)[]): void {
  const script =
    target.dialect === 'sqlite'
      ? `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000');
         db.prepare(process.argv[2].replace(/\\$\\d+/g, '?')).run(...JSON.parse(process.argv[3])); db.close();`
      : `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1] });
         c.connect().then(() => c.query(process.argv[2], JSON.parse(process.argv[3]))).then(() => c.end()).catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script, target.dialect === 'sqlite' ? target.file : target.url, statement, JSON.stringify(params)], { cwd: process.cwd() });
}
