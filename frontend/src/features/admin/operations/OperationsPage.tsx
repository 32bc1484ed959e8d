import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { Operations } from './components/Operations';
import '../shared/admin.css';

/** /admin/operations: the admin login, then the operations screen. */
export default function OperationsPage() {
  const session = useAdminSession('You can now run operations');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <Operations onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
