import { GRADIENT_PRESETS } from '@team/contracts';
import { Quill } from 'react-quill-new';
import { describe, expect, it } from 'vitest';
import { customGradientCss, EDITOR_FORMATS } from './quill-formats';
import { toStoredHtml } from './stored-html';

function editor(html = '') {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const quill = new Quill(container, { formats: EDITOR_FORMATS });
  if (html) quill.clipboard.dangerouslyPasteHTML(html, 'silent');
  return quill;
}

const vendetta = GRADIENT_PRESETS.find((preset) => preset.name === 'Vendetta')!;

describe('the gradient format', () => {
  it('wraps the selection in a gradient-text span with the clip declarations', () => {
    const quill = editor();
    quill.setText('Vendetta rules\n');
    quill.formatText(0, 8, 'gradient', vendetta.css);

    const html = toStoredHtml(quill.getSemanticHTML());
    const span = new DOMParser().parseFromString(html, 'text/html').querySelector('span');
    expect(span).not.toBeNull();
    expect(span!.textContent).toBe('Vendetta');
    expect(span!.className).toBe('gradient-text');
    expect(span!.style.backgroundImage).toBe(
      'linear-gradient(135deg, rgb(220, 38, 38) 0%, rgb(225, 29, 72) 50%, rgb(147, 51, 234) 100%)',
    );
    expect(span!.style.getPropertyValue('background-clip')).toBe('text');
    expect(span!.style.getPropertyValue('-webkit-text-fill-color')).toBe('transparent');
    expect(html).toBe(
      '<p><span style="background-image: linear-gradient(135deg, rgb(220, 38, 38) 0%, rgb(225, 29, 72) 50%, rgb(147, 51, 234) 100%); background-clip: text; -webkit-text-fill-color: transparent;" class="gradient-text">Vendetta</span> rules</p>',
    );
  });

  it('reads a stored gradient back as the same format', () => {
    const quill = editor(
      '<p><span class="gradient-text" style="background-image: linear-gradient(90deg, #f97316 0%, #ec4899 100%); -webkit-background-clip: text; background-clip: text; -webkit-text-fill-color: transparent;">Sunset</span></p>',
    );
    expect(quill.getContents().ops[0]).toEqual({
      insert: 'Sunset',
      attributes: { gradient: 'linear-gradient(90deg, rgb(249, 115, 22) 0%, rgb(236, 72, 153) 100%)' },
    });
  });

  it('drops a background that is not a plain linear gradient', () => {
    const quill = editor('<p><span style="background-image: url(https://evil.example/x.png)">x</span></p>');
    expect(quill.getContents().ops[0]).toEqual({ insert: 'x\n' });
    quill.setText('y\n');
    quill.formatText(0, 1, 'gradient', 'url(javascript:alert(1))');
    expect(quill.getSemanticHTML()).toBe('<p>y</p>');
  });

  it('removes cleanly', () => {
    const quill = editor();
    quill.setText('abc\n');
    quill.formatText(0, 3, 'gradient', customGradientCss('#ff0000', '#0000ff', 45));
    quill.formatText(0, 3, 'gradient', false);
    expect(quill.getSemanticHTML()).toBe('<p>abc</p>');
  });
});

describe('font sizes and colours', () => {
  it('writes sizes and colours as inline styles', () => {
    const quill = editor();
    quill.setText('big red\n');
    quill.formatText(0, 3, 'size', '24px');
    quill.formatText(4, 3, 'color', '#dc2626');
    quill.formatText(0, 3, 'bold', true);
    expect(toStoredHtml(quill.getSemanticHTML())).toBe(
      '<p><strong style="font-size: 24px;">big</strong> <span style="color: rgb(220, 38, 38);">red</span></p>',
    );
  });

  it('only offers the five SPEC sizes', () => {
    const quill = editor();
    quill.setText('x\n');
    quill.formatText(0, 1, 'size', '18px');
    expect(quill.getSemanticHTML()).toBe('<p>x</p>');
  });
});

describe('customGradientCss', () => {
  it('builds a two-colour gradient with the angle in degrees', () => {
    expect(customGradientCss('#ff0000', '#0000ff', 45)).toBe('linear-gradient(45deg, #ff0000 0%, #0000ff 100%)');
    expect(customGradientCss('#ff0000', '#0000ff', 405)).toBe('linear-gradient(45deg, #ff0000 0%, #0000ff 100%)');
  });
});

describe('toStoredHtml', () => {
  it('stores the empty document as an empty string', () => {
    expect(toStoredHtml('<p><br></p>')).toBe('');
    expect(toStoredHtml('<p><br></p><p><br></p>')).toBe('');
  });

  it("turns Quill's non-breaking spaces back into wrapping ones, keeping runs visible", () => {
    expect(toStoredHtml('<p>a&nbsp;b&nbsp;&nbsp;&nbsp;c</p>')).toBe('<p>a b &nbsp;&nbsp;c</p>');
  });
});
