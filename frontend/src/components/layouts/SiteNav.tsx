import { isNavActive, type NavLinkView } from '@team/contracts';
import { NavLink, useLocation } from 'react-router-dom';
import { useSite } from '@/lib/site';

/** One link of the site's navigation: an external one opens in a new tab, as SPEC's buttons do. */
export function SiteNavLink({ link, className, activeClassName }: { link: NavLinkView; className: string; activeClassName?: string }) {
  const { pathname } = useLocation();
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const active = isNavActive(link, pathname);
  return (
    <NavLink to={link.href} className={() => (active && activeClassName ? `${className} ${activeClassName}` : className)} aria-current={active ? 'page' : undefined}>
      {link.label}
    </NavLink>
  );
}

/**
 * The top navigation, in the order the settings give, hidden entries left out. Phones show the
 * same list in the same bar, which scrolls sideways when the entries do not fit.
 */
export function SiteNav() {
  const { navigation } = useSite();
  return (
    <nav className="public-nav" aria-label="Main">
      {navigation.map((link) => (
        <SiteNavLink key={`${link.href}|${link.label}`} link={link} className="public-nav-link" activeClassName="active" />
      ))}
    </nav>
  );
}
