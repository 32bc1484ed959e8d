import { FONT_SIZES, isGradientCss } from '@team/contracts';
import { Quill } from 'react-quill-new';

/**
 * The editor's custom formats, registered once on the global Quill the admin chunk loads.
 *
 * Both are inline styles because the server's sanitiser keeps `font-size` and the
 * gradient-text declarations, and the public pages render stored HTML without Quill's CSS.
 */

const { StyleAttributor, Scope } = Quill.import('parchment');

/** docs/product.md#constants-and-limits font sizes as `font-size` (Quill's own size format uses ql-size-* classes). */
export const SizeStyle = new StyleAttributor('size', 'font-size', {
  scope: Scope.INLINE,
  whitelist: FONT_SIZES.map((size) => size.value),
});

/** Declarations that make a background gradient show through the glyphs. */
const GRADIENT_TEXT_DECLARATIONS: ReadonlyArray<readonly [string, string]> = [
  ['-webkit-background-clip', 'text'],
  ['background-clip', 'text'],
  ['-webkit-text-fill-color', 'transparent'],
];

export const GRADIENT_TEXT_CLASS = 'gradient-text';

/**
 * Gradient text: the format's value is the `linear-gradient(...)` CSS. Applying it writes
 * `<span class="gradient-text" style="background-image: …; background-clip: text; …">`.
 * Reading it back (from the editor or from stored HTML) takes `background-image`, and
 * only a gradient that `isGradientCss` accepts, the same check as the server's sanitiser.
 */
class GradientAttributor extends StyleAttributor {
  canAdd(node: HTMLElement, value: unknown): boolean {
    return super.canAdd(node, value) && typeof value === 'string' && isGradientCss(value.trim());
  }

  add(node: HTMLElement, value: unknown): boolean {
    if (!this.canAdd(node, value)) return false;
    node.style.setProperty('background-image', (value as string).trim());
    for (const [property, setting] of GRADIENT_TEXT_DECLARATIONS) node.style.setProperty(property, setting);
    node.classList.add(GRADIENT_TEXT_CLASS);
    return true;
  }

  remove(node: HTMLElement): void {
    node.style.removeProperty('background-image');
    for (const [property] of GRADIENT_TEXT_DECLARATIONS) node.style.removeProperty(property);
    node.classList.remove(GRADIENT_TEXT_CLASS);
    if (!node.getAttribute('style')) node.removeAttribute('style');
    if (!node.getAttribute('class')) node.removeAttribute('class');
  }

  value(node: HTMLElement): string {
    const css = node.style.getPropertyValue('background-image').trim();
    return this.canAdd(node, css) ? css : '';
  }
}

export const GradientStyle = new GradientAttributor('gradient', 'background-image', { scope: Scope.INLINE });

Quill.register(SizeStyle, true);
Quill.register(GradientStyle, true);

/** Every format the toolbar offers; anything else pasted in is dropped. */
export const EDITOR_FORMATS = [
  'bold',
  'italic',
  'underline',
  'align',
  'list',
  'code',
  'code-block',
  'image',
  'link',
  'size',
  'color',
  'gradient',
];

/** CSS of a two-colour custom gradient, in the grammar `isGradientCss` accepts. */
export function customGradientCss(from: string, to: string, angle: number): string {
  const degrees = Number.isFinite(angle) ? Math.round(((angle % 360) + 360) % 360) : 90;
  return `linear-gradient(${degrees}deg, ${from} 0%, ${to} 100%)`;
}
