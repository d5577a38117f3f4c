// The audit area (docs/product.md section 10: every administrator action goes to an audit log): what other areas
// may name. A command writes its entry with `writeAudit` in its own transaction, as the actor who acted.
export { writeAudit, type Actor } from './audit-log';
