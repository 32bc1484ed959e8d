import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { AuditLog } from './components/AuditLog';
import '../shared/admin.css';
import './audit.css';

/** /admin/audit: the admin login, then the audit log. */
export default function AuditPage() {
  const session = useAdminSession('You can now review the audit log');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <AuditLog onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
