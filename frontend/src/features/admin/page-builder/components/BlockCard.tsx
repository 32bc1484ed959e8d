import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Radio } from 'antd';
import {
  BLOCK_LAYOUTS,
  BLOCK_PADDINGS,
  BUTTON_STYLES,
  TEXT_ALIGNS,
  type BlockLayout,
  type BlockPadding,
  type ButtonStyle,
  type TextAlign,
} from '@team/contracts';
import { useId, type ReactNode } from 'react';
import { Tooltip } from '@/components/ui/Tooltip';
import { MediaPicker } from '../../shared/media-picker/MediaPicker';
import { RichTextEditor } from '../../shared/rich-text-editor/RichTextEditor';
import type { BlockDraft } from '../block-drafts';
import { BLOCK_TYPE_INFO, BUTTON_STYLE_LABELS, LAYOUT_LABELS, PADDING_LABELS, TEXT_ALIGN_LABELS } from './block-types';

export interface BlockCardProps {
  block: BlockDraft;
  index: number;
  count: number;
  onChange: (patch: Partial<BlockDraft>) => void;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}

function TextField({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label className="admin-field-label" htmlFor={id}>
        {label}
      </label>
      <Input id={id} value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />
    </div>
  );
}

function TextAreaField({ label, value, onChange, code, rows = 4 }: { label: string; value: string; onChange: (value: string) => void; code?: boolean; rows?: number }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label className="admin-field-label" htmlFor={id}>
        {label}
      </label>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={rows}
        style={code ? { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } : undefined}
      />
    </div>
  );
}

function ChoiceField<T extends string>({ label, value, options, labels, onChange }: { label: string; value: T; options: readonly T[]; labels: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <div className="admin-field" role="group" aria-label={label}>
      <span className="admin-field-label">{label}</span>
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        options={options.map((option) => ({ value: option, label: labels[option] }))}
      />
    </div>
  );
}

/** One block in the page editor: its fields by type, layout and spacing, and move/remove controls. */
export function BlockCard({ block, index, count, onChange, onMove, onRemove }: BlockCardProps) {
  const info = BLOCK_TYPE_INFO[block.blockType];
  let fields: ReactNode;
  switch (block.blockType) {
    case 'text':
      fields = (
        <>
          <TextField label="Title" value={block.title} onChange={(title) => onChange({ title })} />
          <div className="admin-field">
            <span className="admin-field-label">Content</span>
            <RichTextEditor label="Content" value={block.content} onChange={(content) => onChange({ content })} />
          </div>
        </>
      );
      break;
    case 'video':
      fields = (
        <>
          <TextField label="Title" value={block.title} onChange={(title) => onChange({ title })} />
          <TextField
            label="Video URL"
            value={block.videoUrl}
            onChange={(videoUrl) => onChange({ videoUrl })}
            placeholder="https://www.youtube.com/watch?v=..."
          />
          <p className="admin-field-hint">YouTube, Twitch video links and .mp4, .webm or .ogg files can be embedded.</p>
          <TextAreaField label="Content" value={block.content} onChange={(content) => onChange({ content })} rows={3} />
        </>
      );
      break;
    case 'image':
      fields = (
        <>
          <TextField
            label="Image URL"
            value={block.imageUrl}
            onChange={(imageUrl) => onChange({ imageUrl })}
            placeholder="https://example.com/image.jpg"
          />
          <MediaPicker label="Image URL" onPick={(media) => onChange({ imageUrl: media.url })} />
          <TextField label="Title" value={block.title} onChange={(title) => onChange({ title })} placeholder="Caption" />
        </>
      );
      break;
    case 'html':
      fields = (
        <>
          <TextField label="Title" value={block.title} onChange={(title) => onChange({ title })} />
          <Alert
            type="warning"
            showIcon
            title="Only use trusted HTML."
            description="The HTML is shown as it is written, in a sandboxed frame; scripts in it do not run. Paste markup only from sources you trust."
          />
          <TextAreaField label="Content" value={block.content} onChange={(content) => onChange({ content })} code rows={6} />
        </>
      );
      break;
    case 'button':
      fields = (
        <>
          <div className="admin-field-row">
            <TextField label="Button Text" value={block.buttonText} onChange={(buttonText) => onChange({ buttonText })} />
            <TextField
              label="Button URL"
              value={block.buttonUrl}
              onChange={(buttonUrl) => onChange({ buttonUrl })}
              placeholder="/tracker/leaderboard or https://..."
            />
          </div>
          <ChoiceField<ButtonStyle>
            label="Button Style"
            value={block.buttonStyle ?? 'primary'}
            options={BUTTON_STYLES}
            labels={BUTTON_STYLE_LABELS}
            onChange={(buttonStyle) => onChange({ buttonStyle })}
          />
        </>
      );
      break;
    case 'spacer':
      fields = <p className="admin-field-hint">A spacer's height follows its padding.</p>;
      break;
  }

  return (
    <Card
      size="small"
      className="block-card"
      data-testid="block-card"
      role="group"
      aria-label={`Block ${index + 1}: ${info.label}`}
      title={
        <div className="block-card-header">
          {info.icon}
          <h3 className="block-card-title">
            {info.label} block <span className="muted">· order {block.order}</span>
          </h3>
          <Tooltip title="Move up">
            <Button type="text" icon={<ArrowUpOutlined />} aria-label="Move up" disabled={index === 0} onClick={() => onMove('up')} />
          </Tooltip>
          <Tooltip title="Move down">
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label="Move down"
              disabled={index === count - 1}
              onClick={() => onMove('down')}
            />
          </Tooltip>
          <Tooltip title="Remove block">
            <Button type="text" danger icon={<DeleteOutlined />} aria-label="Remove block" onClick={onRemove} />
          </Tooltip>
        </div>
      }
    >
      <div className="admin-fields">
        {fields}
        <div className="admin-field-row">
          <ChoiceField<BlockLayout>
            label="Layout"
            value={block.layout}
            options={BLOCK_LAYOUTS}
            labels={LAYOUT_LABELS}
            onChange={(layout) => onChange({ layout })}
          />
          <ChoiceField<BlockPadding>
            label="Padding"
            value={block.padding}
            options={BLOCK_PADDINGS}
            labels={PADDING_LABELS}
            onChange={(padding) => onChange({ padding })}
          />
          <ChoiceField<TextAlign>
            label="Text Alignment"
            value={block.textAlign}
            options={TEXT_ALIGNS}
            labels={TEXT_ALIGN_LABELS}
            onChange={(textAlign) => onChange({ textAlign })}
          />
        </div>
      </div>
    </Card>
  );
}
