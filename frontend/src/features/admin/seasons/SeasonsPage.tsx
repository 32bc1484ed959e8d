import { AdminGate } from '../shared/AdminGate';
import { Seasons } from './components/Seasons';
import '../shared/admin.css';

/** /admin/seasons: the admin login, then (for a key whose role covers it) the Seasons panel. */
export default function SeasonsPage() {
  return (
    <AdminGate screen="seasons" loginDescription="You can now manage seasons">
      {(session) => <Seasons onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
