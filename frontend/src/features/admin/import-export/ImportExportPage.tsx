import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { ImportExport } from './components/ImportExport';
import '../shared/admin.css';
import './import-export.css';

/** /admin/import-export: the admin login, then the import and export screen. */
export default function ImportExportPage() {
  const session = useAdminSession('You can now import and export');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <ImportExport onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
