import { AdminGate } from '../shared/AdminGate';
import { SiteSettingsForm } from './components/SiteSettingsForm';
import '../shared/admin.css';
import './site-settings.css';

/** /admin/settings: the admin login, then (for the owner or an editor) the site's settings. */
export default function SiteSettingsPage() {
  return (
    <AdminGate screen="settings" loginDescription="You can now change the site's settings">
      {(session) => <SiteSettingsForm onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
