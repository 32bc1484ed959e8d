import { AdminLogin } from '../shared/AdminLogin';
import { useAdminSession } from '../shared/use-admin-session';
import { MergePlayers } from './components/MergePlayers';
import '../shared/admin.css';

/** /admin/merge-players: the admin login, then the merge tool (SPEC §2). */
export default function MergePlayersPage() {
  const session = useAdminSession('You can now merge duplicate players');
  if (!session.isAuthenticated) return <AdminLogin title="Admin Access Required" onLogin={session.login} />;
  return <MergePlayers onLogout={session.logout} handleAdminError={session.handleAdminError} />;
}
