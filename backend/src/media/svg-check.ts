import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

// An uploaded SVG is served from this site's own origin, so anything in it that can run or
// reach out is refused outright (the admin is told what was found), and what is left goes
// through sanitize-html with an allowlist of drawing elements and attributes.

const SVG_ELEMENTS = [
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'filter',
  'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feMerge', 'feMergeNode', 'feFlood', 'feComposite', 'marker', 'style',
];

const SVG_ATTRIBUTES = [
  'id', 'class', 'style', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points',
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'transform', 'offset', 'stop-color', 'stop-opacity',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'clip-path', 'mask', 'filter', 'preserveAspectRatio', 'xmlns',
  'xmlns:xlink', 'version', 'href', 'xlink:href', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline',
  'letter-spacing', 'patternUnits', 'patternTransform', 'maskUnits', 'clipPathUnits', 'stdDeviation', 'dx', 'dy', 'in', 'in2', 'mode',
  'values', 'type', 'result', 'flood-color', 'flood-opacity', 'operator', 'k1', 'k2', 'k3', 'k4', 'markerWidth', 'markerHeight',
  'refX', 'refY', 'orient', 'markerUnits', 'display', 'visibility', 'overflow', 'color',
];

/** `url(#id)` points inside the drawing; any other url( (a file, a site, data:) reaches out. */
const OUTSIDE_URL = /url\(\s*(?!['"]?#)/i;

/** Why the SVG is refused, as one sentence, or null when it holds nothing that runs or reaches out. */
export function svgProblem(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'The SVG declares a doctype or entities, which can pull in other files: it was refused.';
  let problem: string | null = null;
  const refuse = (why: string) => (problem ??= `The SVG ${why}: it was refused. Export it again without scripts or outside references.`);
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (tag === 'script') refuse('holds a script');
        if (tag === 'foreignobject') refuse('holds a foreignObject (HTML inside the drawing)');
        if (tag === 'iframe' || tag === 'embed' || tag === 'object') refuse(`holds an <${tag}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          const key = attribute.toLowerCase();
          if (key.startsWith('on')) refuse(`has an event handler (${attribute})`);
          if ((key === 'href' || key === 'xlink:href' || key.endsWith(':href')) && !value.trim().startsWith('#')) refuse(`links outside itself (${attribute}="${value.slice(0, 60)}")`);
          if (OUTSIDE_URL.test(value)) refuse(`refers to an outside file (url(…) in ${attribute})`);
          if (/javascript:/i.test(value)) refuse(`holds a javascript: address (${attribute})`);
        }
      },
      ontext(content) {
        if (OUTSIDE_URL.test(content) || /@import/i.test(content)) refuse('refers to an outside file in a style (url(…) or @import)');
      },
    },
    { xmlMode: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  return problem;
}

/** The SVG with only the allowlisted drawing elements and attributes (run after svgProblem found nothing). */
export function sanitizeSvg(text: string): string {
  return sanitizeHtml(text, {
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowVulnerableTags: true,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  });
}

/** An SVG's size in pixels: its width and height when given in pixels, else its viewBox's, else 512 square. */
export function svgSize(text: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const pixels = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(Number.parseFloat(value)) : null);
  const [width, height] = [pixels(attribute('width')), pixels(attribute('height'))];
  if (width && height) return { width, height };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return { width: 512, height: 512 };
}
