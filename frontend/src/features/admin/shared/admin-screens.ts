import type { AdminSessionInfo } from '@team/contracts';
import { sessionCovers, type RoleNeeded } from '@/lib/admin-session';

/** An admin screen: its route, its name, and the role a key needs to use it (the server's for its calls). */
export interface AdminScreen {
  to: string;
  label: string;
  role: RoleNeeded;
}

/** Every admin screen, in the order the admin links list them; the admin home (/admin) first. */
export const ADMIN_SCREENS = {
  home: { to: '/admin', label: 'Admin Home', role: 'any' },
  content: { to: '/admin/content', label: 'Content Editor', role: 'editor' },
  pages: { to: '/admin/pages', label: 'Page Builder', role: 'editor' },
  mergePlayers: { to: '/admin/merge-players', label: 'Merge Players', role: 'moderator' },
  seasons: { to: '/admin/seasons', label: 'Seasons', role: 'moderator' },
  fixtures: { to: '/admin/fixtures', label: 'Fixtures', role: 'moderator' },
  audit: { to: '/admin/audit', label: 'Audit Log', role: 'any' },
  operations: { to: '/admin/operations', label: 'Operations', role: 'owner' },
  importExport: { to: '/admin/import-export', label: 'Import & Export', role: 'moderator' },
  review: { to: '/admin/review', label: 'Review Queue', role: 'moderator' },
  webhooks: { to: '/admin/webhooks', label: 'Webhooks', role: 'owner' },
  keys: { to: '/admin/keys', label: 'Admin Keys', role: 'owner' },
  settings: { to: '/admin/settings', label: 'Site Settings', role: 'editor' },
  media: { to: '/admin/media', label: 'Media Library', role: 'editor' },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

const SCREENS: readonly AdminScreen[] = Object.values(ADMIN_SCREENS);

/**
 * The screens a checked session may use, in the admin links' order (docs/admin-keys.md: the
 * screens hide what the key cannot do). No session yet: none.
 */
export function screensFor(session: AdminSessionInfo | null | undefined): AdminScreen[] {
  return SCREENS.filter((screen) => sessionCovers(session, screen.role));
}
