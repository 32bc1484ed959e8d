import { AdminGate } from '../shared/AdminGate';
import { ReviewQueue } from './components/ReviewQueue';
import '../shared/admin.css';

/** /admin/review: the admin login, then (for a moderator key or the owner's) the review queue. */
export default function ReviewPage() {
  return (
    <AdminGate screen="review" loginDescription="You can now review submitted matches">
      {(session) => <ReviewQueue onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
