import { AdminGate } from '../shared/AdminGate';
import { Webhooks } from './components/Webhooks';
import '../shared/admin.css';

/** /admin/webhooks: the admin login, then (for the owner key) the webhooks. */
export default function WebhooksPage() {
  return (
    <AdminGate screen="webhooks" loginDescription="You can now manage webhooks">
      {(session) => <Webhooks onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
