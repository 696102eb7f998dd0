// The audit log: what admins (and the admin-key check) did, written in the same transaction as the change.
// Admin reads it back for Recent Activity.
export { ACTIVITY_FROM_OWN_TABLES, AUDIT_ACTIONS, writeAudit, type AuditAction } from './audit.js';
export type { AuditEntry } from './audit.repository.js';
