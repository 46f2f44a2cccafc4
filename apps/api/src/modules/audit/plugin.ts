import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditLog } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log of admin actions (issue 14): the only writer of `audit_log`. */
    audit: AuditLog;
  }
}

async function auditPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('audit', new AuditLog(app.db));
}

export default fp(auditPlugin, { name: 'audit' });
