// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-07-01-import-job-pictures.ts: the same nullable text column.
export { up } from '../2026-12-07-01-import-job-pictures';
