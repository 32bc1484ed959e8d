import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { Seasons } from './components/Seasons';
import '../shared/admin.css';

/** /admin/seasons: the admin login, then the Seasons panel. */
export default function SeasonsPage() {
  const session = useAdminSession('You can now manage seasons');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <Seasons onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
