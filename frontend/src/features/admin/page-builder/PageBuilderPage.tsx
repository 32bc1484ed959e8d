import { AdminGate } from '../shared/AdminGate';
import { PageBuilder } from './components/PageBuilder';
import '../shared/admin.css';

/** /admin/pages: the admin login, then (for a key whose role covers it) the page builder (docs/product.md#screens-and-routes). Logging out deselects the page. */
export default function PageBuilderPage() {
  return (
    <AdminGate screen="pages" loginDescription="You can now manage pages">
      {(session) => <PageBuilder onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
