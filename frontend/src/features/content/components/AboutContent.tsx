import { ABOUT_FALLBACK_CARDS } from '@team/contracts';
import { useGetContentQuery } from '../api/get-content';
import { ContentSectionCard } from './ContentSectionCard';
import { PlaceholderCard } from './PlaceholderCard';

export function AboutContent() {
  const { data: sections = [], isLoading } = useGetContentQuery('about');
  return (
    <div className="content-page">
      <h1 className="content-page-heading">About Us</h1>
      {isLoading ? (
        <p className="muted">Loading...</p>
      ) : (
        <div className="content-stack">
          {sections.length > 0
            ? sections.map((section) => <ContentSectionCard key={section.id} section={section} />)
            : ABOUT_FALLBACK_CARDS.map((card) => <PlaceholderCard key={card.title} {...card} />)}
        </div>
      )}
    </div>
  );
}
