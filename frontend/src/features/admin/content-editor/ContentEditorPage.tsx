import { AdminGate } from '../shared/AdminGate';
import { ContentEditor } from './components/ContentEditor';
import '../shared/admin.css';

/** /admin/content: the admin login, then (for a key whose role covers it) the content editor (docs/product.md#screens-and-routes). */
export default function ContentEditorPage() {
  return (
    <AdminGate screen="content" loginDescription="You can now edit content">
      {(session) => <ContentEditor onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
