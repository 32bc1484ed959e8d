import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { PageBuilder } from './components/PageBuilder';
import '../shared/admin.css';

/** /admin/pages: the admin login, then the page builder (SPEC §2). Logging out deselects the page. */
export default function PageBuilderPage() {
  const session = useAdminSession('You can now manage pages');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <PageBuilder onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
