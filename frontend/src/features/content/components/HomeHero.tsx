import type { ContentSection } from '@team/contracts';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { PlainButton } from '@/components/ui/PlainButton';
import { RichText, richTextToPlain } from '@/components/ui/RichText';
import { ShimmerLines } from '@/components/ui/Shimmer';
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
        <div style={{ width: '100%', maxWidth: 520 }}>
          <ShimmerLines lines={3} />
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
