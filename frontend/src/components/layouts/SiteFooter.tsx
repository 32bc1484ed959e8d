import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '@team/contracts';
import { useSite } from '@/lib/site';
import { SiteNavLink } from './SiteNav';
import './site-footer.css';

/**
 * The footer of the public and tracker layouts: the team's name, the settings' footer text and
 * social links, and the site's navigation. A <footer> outside <main> is the page's contentinfo
 * landmark; its list is a navigation of its own ("Footer"), apart from the top bar's "Main" and
 * the tracker's sidebar.
 */
export function SiteFooter() {
  const site = useSite();
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = site.socials[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-brand">
          <strong>{site.teamName}</strong>
          {site.footerText && <span className="site-footer-note">{site.footerText}</span>}
          {socials.length > 0 && (
            <ul className="site-footer-socials" aria-label="Elsewhere">
              {socials.map(({ network, href }) => (
                <li key={network}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {SOCIAL_LABELS[network]}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer-links">
            {site.navigation.map((link) => (
              <li key={`${link.href}|${link.label}`}>
                <SiteNavLink link={link} className="site-footer-link" />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
