import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { ContentEditor } from './components/ContentEditor';
import '../shared/admin.css';

/** /admin/content: the admin login, then the content editor (SPEC §2). */
export default function ContentEditorPage() {
  const session = useAdminSession('You can now edit content');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Login" onLogin={session.login} />;
  return <ContentEditor onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
