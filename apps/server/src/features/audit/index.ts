// The audit log of admin actions, written in the same transaction as the change it records.
export { type AdminAction, type AuditActor, type AuditRepository, createAuditRepository } from './audit-repository.js';
