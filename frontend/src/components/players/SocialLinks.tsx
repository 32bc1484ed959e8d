import { SOCIAL_LABELS, SOCIAL_NETWORKS, type PlayerSocials } from '@team/contracts';
import './social-links.css';

/** A player's links elsewhere (issue 42), in the networks' order; nothing when there are none. */
export function SocialLinks({ socials, name }: { socials: PlayerSocials; name: string }) {
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const href = socials[network];
    return href ? [{ network, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label={`${name} elsewhere`}>
      {links.map(({ network, href }) => (
        <li key={network}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {SOCIAL_LABELS[network]}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
