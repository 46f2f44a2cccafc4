/** The audit module's public face: the log's writer (app.audit in the server; the command line builds its own) and who acted. */
export { AuditLog, adminActor, type AuditActor, type AuditRecord } from './service.js';
export { default as auditModule } from './plugin.js';
