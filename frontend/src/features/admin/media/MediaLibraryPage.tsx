import { AdminGate } from '../shared/AdminGate';
import { MediaLibrary } from './components/MediaLibrary';
import '../shared/admin.css';
import './media-library.css';

/** /admin/media: the admin login, then (for the owner or an editor) the media library. */
export default function MediaLibraryPage() {
  return (
    <AdminGate screen="media" loginDescription="You can now manage the media library">
      {(session) => <MediaLibrary onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
