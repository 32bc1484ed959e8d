import { AdminGate } from '../shared/AdminGate';
import { Operations } from './components/Operations';
import '../shared/admin.css';

/** /admin/operations: the admin login, then (for a key whose role covers it) the operations screen. */
export default function OperationsPage() {
  return (
    <AdminGate screen="operations" loginDescription="You can now run operations">
      {(session) => <Operations onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
