/** The site's main pages (docs/product.md#screens-and-routes top navigation): the public top bar and every footer list them. */
export const SITE_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/roster', label: 'Roster' },
  { to: '/tracker/dashboard', label: 'ELO Tracker' },
  { to: '/schedule', label: 'Schedule' },
] as const;
