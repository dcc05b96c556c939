// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-12-08-02-shipments.ts: the same columns, tables and partial
// unique indexes (both databases keep them the same way).
export { up } from '../2026-12-08-02-shipments';
