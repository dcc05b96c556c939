// `npm run db:copy -- --from data/shop.sqlite --to postgres://user:pass@host/db [--force]`
// Moves a SQLite shop to PostgreSQL: migrates the target, copies every shop table and the
// images in one transaction, compares both sides (rows and checksums) before committing.
// `--images <dir>`: the shop's images (default: the `images` folder next to the SQLite file).
// `--verify-only`: compare an earlier copy with its source, writing nothing.
import { parseArgs } from 'node:util';
import { copyDatabase, CopyRefused, verifyCopy, type CopyProgress, type CopyReport } from '../server/db/copy';
import { count, megabytes, ProgressLine } from './progress';

const usage = 'Usage: npm run db:copy -- --from <SQLite file or file: URL> --to <postgres:// URL> [--images <dir>] [--force] [--verify-only]';

const options = {
  from: { type: 'string' },
  to: { type: 'string' },
  images: { type: 'string' },
  force: { type: 'boolean', default: false },
  'verify-only': { type: 'boolean', default: false },
} as const;

async function main(values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values']): Promise<number> {
  if (!values.from || !values.to) {
    console.error(usage);
    return 2;
  }
  const line = new ProgressLine();
  const onProgress = (p: CopyProgress) => {
    const verb = p.step === 'copy' ? 'copying' : 'checking';
    if (p.done < p.total || p.done === 0) line.update(`${verb} ${p.table}  ${count(p.done)} / ${count(p.total)}`);
    else if (p.step === 'copy') line.done(`copied ${p.table}  ${count(p.total)} rows`);
  };
  const what = { from: values.from, to: values.to, onProgress, ...(values.images ? { imagesDir: values.images } : {}) };
  let report: CopyReport;
  try {
    report = values['verify-only'] ? await verifyCopy(what) : await copyDatabase({ ...what, force: values.force });
  } catch (error) {
    line.end();
    throw error;
  }
  line.done(`${values['verify-only'] ? 'Compared' : 'Copied'} ${report.source} -> ${report.target}`);
  printChecks(report);
  if (report.images.copied) {
    console.log(`Images: ${count(report.images.count)} files (${megabytes(report.images.bytes)}) from ${report.images.dir}`);
    if (report.images.ignored.length > 0)
      console.log(`  left out (not an image file): ${report.images.ignored.slice(0, 5).join(', ')}${report.images.ignored.length > 5 ? ', ...' : ''}`);
  } else {
    console.log(`Images not copied: ${report.images.reason}.`);
  }
  if (!report.ok) {
    console.error(values['verify-only'] ? 'The databases differ (see above).' : 'The copy did not match its source: it was rolled back, the target is as it was.');
    return 1;
  }
  if (!values['verify-only']) {
    console.log('Every table matches: the copy is committed.');
    console.log(
      "Signed-in shoppers stay signed in only if the new shop seals cookies with the old secret: set SESSION_SECRET to the SQLite shop's SESSION_SECRET, or to the contents of its DATA_DIR/session-secret.",
    );
  }
  return 0;
}

function printChecks(report: CopyReport): void {
  const width = Math.max(5, ...report.checks.map((c) => c.table.length));
  console.log(`${'table'.padEnd(width)}  ${'rows'.padStart(10)}  checksum`);
  for (const c of report.checks) {
    const rows = c.sourceRows === c.targetRows ? count(c.sourceRows) : `${count(c.sourceRows)} vs ${count(c.targetRows)}`;
    const sum = c.ok ? `ok ${c.sourceChecksum.slice(0, 12)}` : `MISMATCH ${c.sourceChecksum.slice(0, 12)} vs ${c.targetChecksum.slice(0, 12)}`;
    console.log(`${c.table.padEnd(width)}  ${rows.padStart(10)}  ${sum}`);
  }
}

/** The URL's password, to keep it out of any message (a driver's error could quote the URL). */
function passwordOf(url: string | undefined): string | null {
  try {
    return url ? decodeURIComponent(new URL(url).password) || null : null;
  } catch {
    return null;
  }
}

let args: ReturnType<typeof parseArgs<{ options: typeof options }>>;
try {
  args = parseArgs({ options, strict: true });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
main(args.values).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const text = error instanceof CopyRefused ? `Not copied: ${error.message}` : `db:copy failed, nothing was committed: ${error instanceof Error ? error.message : String(error)}`;
    const password = passwordOf(args.values.to);
    console.error(password ? text.replaceAll(password, '***') : text);
    process.exit(1);
  },
);
