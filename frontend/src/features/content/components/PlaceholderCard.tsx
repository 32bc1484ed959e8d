import { Panel } from '@/components/ui/Panel';

/** Stands in for content the admins have not written yet. */
export function PlaceholderCard({ title, text }: { title: string; text: string }) {
  return (
    <Panel className="content-section-card placeholder-card">
      <h2 className="content-section-title">{title}</h2>
      <p className="muted" style={{ margin: 0 }}>{text}</p>
    </Panel>
  );
}
