import { NavLink } from 'react-router-dom';
import { sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { ADMIN_SCREENS, type AdminScreen } from './admin-screens';
import './admin.css';

const SCREENS: readonly AdminScreen[] = Object.values(ADMIN_SCREENS);

/** Links between the admin screens the logged-in key may use, shown under each admin screen's header. */
export function AdminNav() {
  const session = useKnownAdminSession();
  return (
    <nav aria-label="Admin screens" className="admin-nav">
      {SCREENS.filter((screen) => sessionCovers(session, screen.role)).map((screen) => (
        <NavLink key={screen.to} to={screen.to} end className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}>
          {screen.label}
        </NavLink>
      ))}
    </nav>
  );
}
