import type { ContentSection } from '@team/contracts';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { PlainButton } from '@/components/ui/PlainButton';
import { RichText, richTextToPlain } from '@/components/ui/RichText';
import { BRAND_NAME, DEFAULT_TAGLINE } from '@/config/brand';

/** The section of the home page that feeds the hero (DEFAULT_SECTION_TEMPLATES: "hero"). */
export const HERO_SECTION_ID = 'hero';

function hasText(html: string | null | undefined): html is string {
  return richTextToPlain(html) !== '';
}

export function HomeHero({ hero, loading }: { hero: ContentSection | undefined; loading: boolean }) {
  const navigate = useNavigate();
  return (
    <section className="home-hero" aria-label="Welcome">
      {hero?.imageUrl ? (
        <img className="home-hero-logo" src={hero.imageUrl} alt={`${BRAND_NAME} logo`} />
      ) : (
        <BrandLogo size={96} title={`${BRAND_NAME} logo`} />
      )}
      {loading ? (
        // The default title and tagline, drawn as shimmering bars: the placeholder takes the
        // room the text will, so the stat cards below do not jump when it arrives.
        <div className="home-hero-loading" role="status" aria-label="Loading">
          <div className="home-hero-title" aria-hidden>
            <span className="text-shimmer">{BRAND_NAME}</span>
          </div>
          <p className="home-hero-tagline" aria-hidden>
            <span className="text-shimmer">{DEFAULT_TAGLINE}</span>
          </p>
        </div>
      ) : (
        <>
          {hasText(hero?.title) ? (
            <RichText as="h1" className="home-hero-title" html={hero.title} />
          ) : (
            <h1 className="home-hero-title">{BRAND_NAME}</h1>
          )}
          {hasText(hero?.content) ? (
            <RichText className="home-hero-tagline" html={hero.content} />
          ) : (
            <p className="home-hero-tagline">{DEFAULT_TAGLINE}</p>
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
