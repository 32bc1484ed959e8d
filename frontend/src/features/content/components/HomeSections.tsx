import type { ContentSection } from '@team/contracts';
import { ContentSectionCard } from './ContentSectionCard';

/** The home page's content sections other than the hero. */
export function HomeSections({ sections }: { sections: ContentSection[] }) {
  if (sections.length === 0) return null;
  return (
    <section className="home-sections" aria-label="More about us">
      {sections.map((section) => (
        <ContentSectionCard key={section.id} section={section} />
      ))}
    </section>
  );
}
