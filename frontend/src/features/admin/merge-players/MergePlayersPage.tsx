import { AdminGate } from '../shared/AdminGate';
import { MergePlayers } from './components/MergePlayers';
import '../shared/admin.css';

/** /admin/merge-players: the admin login, then (for a key whose role covers it) the merge tool (docs/product.md#screens-and-routes). */
export default function MergePlayersPage() {
  return (
    <AdminGate screen="mergePlayers" loginTitle="Admin Access Required" loginDescription="You can now merge duplicate players">
      {(session) => <MergePlayers onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
