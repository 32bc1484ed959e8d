import type { ContentSection } from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { RichText, richTextToPlain } from '@/components/ui/RichText';

/** One content entry: optional image, rich title and rich content. */
export function ContentSectionCard({ section }: { section: ContentSection }) {
  return (
    <Panel
      className="content-section-card"
      cover={
        section.imageUrl ? (
          <img src={section.imageUrl} alt={richTextToPlain(section.title)} className="content-section-image" />
        ) : undefined
      }
    >
      <RichText as="h2" className="content-section-title" html={section.title} />
      <RichText className="content-section-body" html={section.content} />
    </Panel>
  );
}
