// Options of the rich-text editor (docs/product.md#screens-and-routes Content editor, #constants-and-limits Editor options).

export const FONT_SIZES = [
  { label: 'Small', value: '12px' },
  { label: 'Normal', value: '16px' },
  { label: 'Large', value: '20px' },
  { label: 'Extra Large', value: '24px' },
  { label: 'Huge', value: '32px' },
] as const;

export const PRESET_COLORS: readonly string[] = [
  '#ffffff',
  '#000000',
  '#6b7280',
  '#dc2626',
  '#ea580c',
  '#f59e0b',
  '#eab308',
  '#16a34a',
  '#10b981',
  '#06b6d4',
  '#2563eb',
  '#4f46e5',
  '#7c3aed',
  '#db2777',
  '#cd7f32',
];

export interface GradientPreset {
  name: string;
  css: string;
}

/**
 * Every stop of every preset keeps at least 3:1 against both themes' page and panel colours
 * (WCAG's bar for large text: gradient text is for headings), so text in a preset reads on a
 * light and a dark page alike. Vendetta used to end near black and vanished on the dark theme;
 * Fire's and Rainbow's yellows and Ocean's cyan were too pale for the light one.
 */
export const GRADIENT_PRESETS: readonly GradientPreset[] = [
  { name: 'Vendetta', css: 'linear-gradient(135deg, #dc2626 0%, #e11d48 50%, #9333ea 100%)' },
  { name: 'Sunset', css: 'linear-gradient(90deg, #ea580c 0%, #db2777 100%)' },
  { name: 'Ocean', css: 'linear-gradient(90deg, #0891b2 0%, #2563eb 100%)' },
  { name: 'Purple Haze', css: 'linear-gradient(135deg, #a855f7 0%, #6366f1 100%)' },
  { name: 'Fire', css: 'linear-gradient(to right, #a16207 0%, #ea580c 50%, #dc2626 100%)' },
  {
    name: 'Rainbow',
    css: 'linear-gradient(90deg, #dc2626 0%, #ea580c 17%, #a16207 33%, #15803d 50%, #0891b2 67%, #2563eb 83%, #9333ea 100%)',
  },
];

/** Height of a spacer block per padding choice, in the spacing units of docs/product.md#constants-and-limits; the front end maps a unit to CSS. */
export const SPACER_HEIGHTS = { none: 0, small: 8, medium: 16, large: 32 } as const;

// The sanitiser whitelists gradient text styles with isGradientCss, so the grammar is the
// small subset of CSS the editor produces, checked piece by piece by anchored patterns
// without nested quantifiers: nothing that could carry url(), expression(), a second
// declaration or a comment gets through.
const MAX_GRADIENT_LENGTH = 1000;
const MAX_COLOR_STOPS = 16;

const NUMBER = String.raw`(?:\d{1,4}(?:\.\d{1,6})?|\.\d{1,6})`;
const PERCENT = String.raw`${NUMBER}%`;
const ANGLE = new RegExp(String.raw`^(?:-?${NUMBER}(?:deg|grad|rad|turn)|0)$`, 'i');
const SIDE_OR_CORNER = /^to (?:(?:left|right)(?: (?:top|bottom))?|(?:top|bottom)(?: (?:left|right))?)$/i;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_CHANNEL = String.raw`(?:${NUMBER}%?)`;
const ALPHA = String.raw`(?:${NUMBER}%?)`;
const RGB = new RegExp(
  String.raw`^rgba? ?\( ?${RGB_CHANNEL} ?, ?${RGB_CHANNEL} ?, ?${RGB_CHANNEL} ?(?:, ?${ALPHA} ?)?\)$`,
  'i',
);
const STOP_POSITIONS = new RegExp(String.raw`^(?: ${PERCENT}){0,2}$`);

function isColor(value: string): boolean {
  return HEX.test(value) || RGB.test(value);
}

function isColorStop(stop: string): boolean {
  const close = stop.lastIndexOf(')');
  const split = stop.startsWith('#') ? stop.search(/ |$/) : close + 1;
  if (split <= 0) return false;
  return isColor(stop.slice(0, split)) && STOP_POSITIONS.test(stop.slice(split));
}

/** Splits on the commas between arguments, not those inside rgb(...). */
function splitArguments(inner: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0 || depth > 1) return null;
    if (ch === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  parts.push(inner.slice(start));
  return parts;
}

/**
 * True only for `linear-gradient(<angle | to side>?, <colour stop>, <colour stop>, …)` where
 * a colour is #hex, rgb() or rgba() and a stop may carry up to two percentages. Nothing may
 * surround it, not even whitespace: the caller trims the declaration's value first.
 */
export function isGradientCss(value: string): boolean {
  if (typeof value !== 'string' || value.length > MAX_GRADIENT_LENGTH) return false;
  const match = /^linear-gradient\((.*)\)$/i.exec(value);
  if (!match) return false;
  // Only characters the grammar needs; this alone rules out ; : / \ " ' { } and control characters.
  if (!/^[0-9a-z#.,%() -]*$/i.test(match[1]!)) return false;
  const args = splitArguments(match[1]!.replace(/ +/g, ' '))?.map((arg) => arg.trim());
  if (!args || args.some((arg) => arg === '')) return false;
  const first = args[0]!;
  const stops = ANGLE.test(first) || SIDE_OR_CORNER.test(first) ? args.slice(1) : args;
  return stops.length >= 2 && stops.length <= MAX_COLOR_STOPS && stops.every(isColorStop);
}
