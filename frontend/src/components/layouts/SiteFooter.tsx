import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@/config/brand';
import { SITE_LINKS } from './site-links';
import './site-footer.css';

/**
 * The footer of the public and tracker layouts: the site's name and its main pages. A
 * <footer> outside <main> is the page's contentinfo landmark; its list is a navigation of its
 * own ("Footer"), apart from the top bar's "Main" and the tracker's sidebar.
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-brand">
          <strong>{BRAND_NAME}</strong>
          <span className="site-footer-note">Built on the ELO tracker</span>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer-links">
            {SITE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
