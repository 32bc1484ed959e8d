import { AdminGate } from '../shared/AdminGate';
import { AdminKeys } from './components/AdminKeys';
import '../shared/admin.css';

/** /admin/keys: the admin login, then (for the owner key) the admin keys. */
export default function AdminKeysPage() {
  return (
    <AdminGate screen="keys" loginDescription="You can now manage admin keys">
      {(session) => <AdminKeys onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
