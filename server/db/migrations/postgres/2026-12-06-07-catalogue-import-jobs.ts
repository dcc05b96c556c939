// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-06-07-catalogue-import-jobs.ts: the same table and indexes (the
// unique running_slot is what keeps one import at a time across app processes).
export { up } from '../2026-12-06-07-catalogue-import-jobs';
