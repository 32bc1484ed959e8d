import type { ContentSection } from '@team/contracts';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { PlainButton } from '@/components/ui/PlainButton';
import { RichText, richTextToPlain } from '@/components/ui/RichText';
import { useSite } from '@/lib/site';

/** The section of the home page that feeds the hero (DEFAULT_SECTION_TEMPLATES: "hero"). */
export const HERO_SECTION_ID = 'hero';

function hasText(html: string | null | undefined): html is string {
  return richTextToPlain(html) !== '';
}

export function HomeHero({ hero, loading }: { hero: ContentSection | undefined; loading: boolean }) {
  const navigate = useNavigate();
  const { teamName, tagline, logoUrl } = useSite();
  // The hero's own image first, then the settings' logo.
  const image = hero?.imageUrl ?? logoUrl;
  return (
    <section className="home-hero" aria-label="Welcome">
      {image ? (
        <img className="home-hero-logo" src={image} alt={`${teamName} logo`} />
      ) : (
        <BrandLogo size={96} title={`${teamName} logo`} />
      )}
      {loading ? (
        // The default title and tagline, drawn as shimmering bars: the placeholder takes the
        // room the text will, so the stat cards below do not jump when it arrives.
        <div className="home-hero-loading" role="status" aria-label="Loading">
          <div className="home-hero-title" aria-hidden>
            <span className="text-shimmer">{teamName}</span>
          </div>
          <p className="home-hero-tagline" aria-hidden>
            <span className="text-shimmer">{tagline}</span>
          </p>
        </div>
      ) : (
        <>
          {hasText(hero?.title) ? (
            <RichText as="h1" className="home-hero-title" html={hero.title} />
          ) : (
            <h1 className="home-hero-title">{teamName}</h1>
          )}
          {hasText(hero?.content) ? (
            <RichText className="home-hero-tagline" html={hero.content} />
          ) : (
            <p className="home-hero-tagline">{tagline}</p>
          )}
        </>
      )}
      <div className="home-hero-actions">
        <PlainButton variant="primary" size="large" onClick={() => navigate('/tracker/leaderboard')}>
          View Leaderboard
        </PlainButton>
        <PlainButton size="large" onClick={() => navigate('/roster')}>
          View Roster
        </PlainButton>
      </div>
    </section>
  );
}
