import { useGetContentQuery } from '../api/get-content';
import { ContentSectionCard } from './ContentSectionCard';
import { PlaceholderCard } from './PlaceholderCard';

const ABOUT_PLACEHOLDERS = [
  { title: 'Our Story', text: 'How the team came together and where we are headed. Coming soon.' },
  { title: 'Our Mission', text: 'What we play for and what we stand for. Coming soon.' },
  { title: 'Achievements', text: 'Titles, placements and milestones. Coming soon.' },
];

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
            : ABOUT_PLACEHOLDERS.map((card) => <PlaceholderCard key={card.title} {...card} />)}
        </div>
      )}
    </div>
  );
}
