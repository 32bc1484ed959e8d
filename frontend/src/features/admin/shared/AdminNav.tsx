import { NavLink } from 'react-router-dom';
import { useKnownAdminSession } from '@/lib/admin-session';
import { screensFor } from './admin-screens';
import './admin.css';

/** Links between the admin screens the logged-in key may use, shown under each admin screen's header. */
export function AdminNav() {
  const session = useKnownAdminSession();
  return (
    <nav aria-label="Admin screens" className="admin-nav">
      {screensFor(session).map((screen) => (
        <NavLink key={screen.to} to={screen.to} end className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}>
          {screen.label}
        </NavLink>
      ))}
    </nav>
  );
}
