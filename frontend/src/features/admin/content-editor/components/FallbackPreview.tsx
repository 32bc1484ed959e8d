import { FileAddOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { ABOUT_FALLBACK_CARDS, ROSTER_FALLBACK_CARDS, type ContentPage, type FallbackCard } from '@team/contracts';
import { useSite } from '@/lib/site';

const PUBLIC_PATHS: Record<ContentPage, string> = { home: '/', about: '/about', roster: '/roster' };

/** What the public page draws while it has no sections (the same constants the page reads). */
function useFallbackCards(page: ContentPage): FallbackCard[] {
  const { teamName, tagline } = useSite();
  if (page === 'home') return [{ title: teamName, text: tagline }];
  return [...(page === 'about' ? ABOUT_FALLBACK_CARDS : ROSTER_FALLBACK_CARDS)];
}

/**
 * An empty page in the content editor: not a blank "No sections yet", but what visitors see on
 * the public page today, said to be the fallback, and the button that starts from the same text.
 */
export function FallbackPreview({ page, onCreateDefaults }: { page: ContentPage; onCreateDefaults: () => void }) {
  const cards = useFallbackCards(page);
  const path = PUBLIC_PATHS[page];
  return (
    <Card className="admin-empty">
      <FileAddOutlined style={{ fontSize: 32 }} className="muted" />
      <h2>No sections yet: {path} shows the fallback</h2>
      <p className="muted">
        {page === 'home'
          ? `Without a hero section, ${path} shows the site's name and tagline (Site Settings):`
          : `Without sections, ${path} shows these fallback cards:`}
      </p>
      <ul className="fallback-preview" aria-label={`Fallback shown on ${path}`}>
        {cards.map((card) => (
          <li key={card.title}>
            <strong>{card.title}</strong>
            <span className="muted"> {card.text}</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        Create Default Sections starts from the same text, for you to edit and save: 2 sections for home, 3 for about
        and 3 player profiles for roster.
      </p>
      <Button type="primary" onClick={onCreateDefaults}>
        Create Default Sections
      </Button>
    </Card>
  );
}
