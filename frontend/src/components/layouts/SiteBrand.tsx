import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { useSite } from '@/lib/site';

/** The team's logo and name, linking home: the settings' logo when there is one, else the built-in mark. */
export function SiteBrand({ size, className = 'public-brand' }: { size: number; className?: string }) {
  const site = useSite();
  return (
    <Link to="/" className={className} aria-label={`${site.teamName} home`}>
      {site.logoUrl ? (
        // Fixed width and height: the bar does not move when the image arrives.
        <img className="site-logo" src={site.logoUrl} alt="" width={size} height={size} />
      ) : (
        <BrandLogo size={size} />
      )}
      <span>{site.teamName}</span>
    </Link>
  );
}
