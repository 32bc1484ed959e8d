import { AdminGate } from '../shared/AdminGate';
import { AuditLog } from './components/AuditLog';
import '../shared/admin.css';
import './audit.css';

/** /admin/audit: the admin login, then (for a key whose role covers it) the audit log. */
export default function AuditPage() {
  return (
    <AdminGate screen="audit" loginDescription="You can now review the audit log">
      {(session) => <AuditLog onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
