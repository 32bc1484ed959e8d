import { Card } from 'antd';
import type { AdminSessionInfo } from '@team/contracts';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title';
import { AdminGate } from '../shared/AdminGate';
import { AdminScreenHeader } from '../shared/AdminScreenHeader';
import { ADMIN_SCREENS, screensFor } from '../shared/admin-screens';
import { RecentEvents } from '../audit/components/RecentEvents';
import { ProjectorHealth } from '../operations/components/ProjectorHealth';
import '../shared/admin.css';
import '../audit/audit.css';
import './admin-home.css';

/** The screens the key may use, as the admin links list them (without this home). */
function YourScreens({ session }: { session: AdminSessionInfo }) {
  const screens = screensFor(session).filter((screen) => screen !== ADMIN_SCREENS.home);
  return (
    <Card title="Your screens" size="small" role="region" aria-label="Your screens" className="admin-home-card">
      <p className="muted admin-home-note">
        Your key &ldquo;{session.name}&rdquo; has the {session.role} role: these are the screens it may use.
      </p>
      <ul className="admin-home-screens">
        {screens.map((screen) => (
          <li key={screen.to}>
            <Link to={screen.to}>{screen.label}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /admin: the admin login, then the key's screens, the newest audit events and the projector's health. */
export default function AdminHomePage() {
  usePageTitle(ADMIN_SCREENS.home.label);
  return (
    <AdminGate screen="home" loginDescription="You can now use the admin screens">
      {(session) => (
        <div>
          <AdminScreenHeader title={ADMIN_SCREENS.home.label} subtitle="What this key may open, what happened last, and whether the pages are up to date." onLogout={session.logout} />
          <div className="admin-home">
            {session.session && <YourScreens session={session.session} />}
            <ProjectorHealth />
            <RecentEvents handleAdminError={session.handleAdminError} />
          </div>
        </div>
      )}
    </AdminGate>
  );
}
