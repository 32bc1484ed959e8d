import { NavLink } from 'react-router-dom';
import './admin.css';

const ADMIN_SCREENS = [
  { to: '/admin/content', label: 'Content Editor' },
  { to: '/admin/pages', label: 'Page Builder' },
  { to: '/admin/merge-players', label: 'Merge Players' },
  { to: '/admin/seasons', label: 'Seasons' },
  { to: '/admin/audit', label: 'Audit Log' },
  { to: '/admin/operations', label: 'Operations' },
  { to: '/admin/import-export', label: 'Import & Export' },
] as const;

/** Links between the admin screens, shown under each admin screen's header. */
export function AdminNav() {
  return (
    <nav aria-label="Admin screens" className="admin-nav">
      {ADMIN_SCREENS.map((screen) => (
        <NavLink key={screen.to} to={screen.to} end className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}>
          {screen.label}
        </NavLink>
      ))}
    </nav>
  );
}
