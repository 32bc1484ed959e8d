import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { FONT_SIZES, PRESET_COLORS } from '@team/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import ReactQuill, { type Quill } from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { Tooltip } from '@/components/ui/Tooltip';
import { useUserEditSignal } from '../unsaved-changes/user-edit-context';
import { GradientPicker } from './GradientPicker';
import { EDITOR_FORMATS } from './quill-formats';

export interface RichTextEditorProps {
  /** Accessible name of the editing area, e.g. "Title" or "Content". */
  label: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** Smaller editing area, for titles. */
  compact?: boolean;
  readOnly?: boolean;
}

/** Quill's image button asks for an address: stored rich text only links to images. */
function insertImageByUrl(this: { quill: Quill }) {
  const url = window.prompt('Image URL')?.trim();
  if (!url) return;
  const range = this.quill.getSelection(true);
  this.quill.insertEmbed(range.index, 'image', url, 'user');
  this.quill.setSelection(range.index + 1, 0, 'user');
}

/**
 * The content editor's rich-text field (docs/product.md#screens-and-routes, #constants-and-limits): bold, italic, underline, alignment,
 * lists, code, image, link, font sizes, 15 preset colours, a custom colour, and preset or
 * custom gradient text.
 */
export function RichTextEditor({ label, value, onChange, placeholder, compact, readOnly = false }: RichTextEditorProps) {
  const quillRef = useRef<ReactQuill>(null);
  const userEdited = useUserEditSignal();
  const toolbarId = `rte-toolbar-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [customColor, setCustomColor] = useState('#e11d48');
  const [gradientOpen, setGradientOpen] = useState(false);

  const modules = useMemo(
    () => ({ toolbar: { container: `#${toolbarId}`, handlers: { image: insertImageByUrl } } }),
    [toolbarId],
  );

  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', label);
    // Quill swaps each <select> for a span whose label (role=button) it leaves unnamed; the
    // select's aria-label lands on the role-less span, where it is not allowed. Move it.
    for (const picker of document.getElementById(toolbarId)?.querySelectorAll('.ql-picker[aria-label]') ?? []) {
      picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', picker.getAttribute('aria-label')!);
      picker.removeAttribute('aria-label');
    }
  }, [label, toolbarId]);

  /** Formats the current (or last) selection; Quill restores it when it regains focus. */
  const applyFormat = (format: 'color' | 'gradient', formatValue: string | false) => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    editor.getSelection(true);
    editor.format(format, formatValue, 'user');
  };

  return (
    <div className={compact ? 'rich-text-editor compact' : 'rich-text-editor'}>
      <div id={toolbarId} className="rich-text-toolbar">
        <span className="ql-formats">
          <select className="ql-size" defaultValue="16px" aria-label="Font size">
            {FONT_SIZES.map((size) => (
              <option key={size.value} value={size.value}>
                {size.label}
              </option>
            ))}
          </select>
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-bold" aria-label="Bold" />
          <button type="button" className="ql-italic" aria-label="Italic" />
          <button type="button" className="ql-underline" aria-label="Underline" />
        </span>
        <span className="ql-formats">
          <select className="ql-color" defaultValue="" aria-label="Text colour">
            <option value="" />
            {PRESET_COLORS.map((color) => (
              <option key={color} value={color} />
            ))}
          </select>
          <Tooltip title="Custom colour">
            <input
              type="color"
              className="rich-text-custom-color"
              aria-label="Custom colour"
              value={customColor}
              onChange={(event) => {
                setCustomColor(event.target.value);
                applyFormat('color', event.target.value);
              }}
            />
          </Tooltip>
          <Popover
            trigger="click"
            open={gradientOpen}
            onOpenChange={setGradientOpen}
            placement="bottom"
            content={
              <GradientPicker
                onPick={(css) => {
                  applyFormat('gradient', css);
                  setGradientOpen(false);
                }}
              />
            }
          >
            <Button size="small" type="text" icon={<BgColorsOutlined />} className="rich-text-gradient-button">
              Gradient
            </Button>
          </Popover>
        </span>
        <span className="ql-formats">
          <select className="ql-align" defaultValue="" aria-label="Alignment">
            <option value="" />
            <option value="center" />
            <option value="right" />
            <option value="justify" />
          </select>
          <button type="button" className="ql-list" value="ordered" aria-label="Ordered list" />
          <button type="button" className="ql-list" value="bullet" aria-label="Bullet list" />
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-code" aria-label="Inline code" />
          <button type="button" className="ql-code-block" aria-label="Code block" />
          <button type="button" className="ql-link" aria-label="Link" />
          <button type="button" className="ql-image" aria-label="Image" />
          <button type="button" className="ql-clean" aria-label="Clear formatting" />
        </span>
      </div>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        onChange={(html, _delta, source) => {
          if (source === 'user') userEdited();
          onChange(html);
        }}
        modules={modules}
        formats={EDITOR_FORMATS}
        placeholder={placeholder}
        readOnly={readOnly}
      />
    </div>
  );
}
