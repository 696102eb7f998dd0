// The admin module's public face: what app.ts wires (its routes, the ban jobs, the audit of admins' scrim
// actions). No other module imports admin: it sits on top, reading through the others' index files.
export { adminJobsPlugin } from './admin.jobs.js';
export { adminRoutes } from './admin.routes.js';
export { scrimAuditPlugin } from './scrim-audit.plugin.js';
