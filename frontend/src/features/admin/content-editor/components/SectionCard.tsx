import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Input } from 'antd';
import { useId } from 'react';
import { Tooltip } from '@/components/ui/Tooltip';
import { MediaPicker } from '../../shared/media-picker/MediaPicker';
import { RichTextEditor } from '../../shared/rich-text-editor/RichTextEditor';
import type { SectionDraft } from '../section-drafts';
import { TrackerPlayerField } from './TrackerPlayerField';

export interface SectionCardProps {
  draft: SectionDraft;
  position: number;
  onChange: (patch: Partial<SectionDraft>) => void;
  onRemove: () => void;
  /** While a Save runs the fields are read-only. */
  disabled?: boolean;
  /** Roster cards can name a tracker player. */
  withPlayer?: boolean;
}

/** One draggable section: Section ID, rich Title and Content, Image URL and a remove control. */
export function SectionCard({ draft, position, onChange, onRemove, disabled, withPlayer }: SectionCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: draft.key,
  });
  const fieldId = useId();

  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'section-card dragging' : 'section-card'}
      data-testid="section-card"
      aria-label={`Section ${position}: ${draft.section}`}
      role="group"
    >
      <Card
        size="small"
        title={
          <div className="section-card-header">
            <Tooltip title="Drag to reorder">
              <Button
                ref={setActivatorNodeRef}
                type="text"
                className="drag-handle"
                icon={<HolderOutlined />}
                aria-label={`Drag section ${draft.section}`}
                {...attributes}
                {...listeners}
              />
            </Tooltip>
            <h2 className="section-card-title">
              Section {position} <span className="muted">· {draft.section || 'untitled'}</span>
            </h2>
            <Tooltip title="Remove section">
              <Button danger type="text" icon={<DeleteOutlined />} aria-label="Remove section" onClick={onRemove} disabled={disabled} />
            </Tooltip>
          </div>
        }
      >
        <div className="admin-fields">
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${fieldId}-section`}>
              Section ID
            </label>
            <Input
              id={`${fieldId}-section`}
              value={draft.section}
              onChange={(event) => onChange({ section: event.target.value })}
              disabled={draft.id !== undefined || disabled}
              placeholder="e.g. our-story"
            />
            <p className="admin-field-hint">
              Lowercase with hyphens and unique on this page (e.g. our-story). It cannot change once the section is saved.
            </p>
          </div>
          <div className="admin-field">
            <span className="admin-field-label">Title</span>
            <RichTextEditor
              label="Title"
              compact
              value={draft.title}
              onChange={(title) => onChange({ title })}
              placeholder="Section title"
              readOnly={disabled}
            />
          </div>
          <div className="admin-field">
            <span className="admin-field-label">Content</span>
            <RichTextEditor
              label="Content"
              value={draft.content}
              onChange={(content) => onChange({ content })}
              placeholder="Section content"
              readOnly={disabled}
            />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${fieldId}-image`}>
              Image URL
            </label>
            <Input
              id={`${fieldId}-image`}
              value={draft.imageUrl}
              onChange={(event) => onChange({ imageUrl: event.target.value })}
              placeholder="https://example.com/image.jpg"
              disabled={disabled}
            />
            {!disabled && <MediaPicker label="Image URL" onPick={(media) => onChange({ imageUrl: media.url })} />}
          </div>
          {withPlayer && <TrackerPlayerField playerId={draft.playerId ?? null} onChange={(playerId) => onChange({ playerId })} disabled={disabled} />}
        </div>
      </Card>
    </div>
  );
}
