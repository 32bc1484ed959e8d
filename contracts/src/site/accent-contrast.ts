// The accent colour's contrast rules (WCAG 2.x relative luminance and contrast ratio).
//
// One colour cannot be text with 4.5:1 on both a near-white and a near-black page: against
// #f5f6fa and #0b0d12 the best any colour reaches on both at once is about 4.2:1. So the site
// draws the accent in three ways, and each is checked where it is drawn:
// - as a fill under white text (buttons, badges), the same in both themes: white needs 4.5:1 on it;
// - as a fill or border on the dark theme's page and panels: it needs 3:1 there to be seen
//   (WCAG 1.4.11, non-text contrast); on the light theme the first rule already gives more;
// - as text: each theme takes the accent darkened (light theme) or lightened (dark theme) to the
//   first shade with 4.5:1 on every background of that theme, its own tint included.

export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_FILL_CONTRAST = 3;

/** The site's default accent: the brand rose. */
export const DEFAULT_ACCENT_COLOR = '#e11d48';

/** The backgrounds accent text sits on, per theme (global.css: page, panel). */
export const THEME_BACKGROUNDS = {
  light: { page: '#f5f6fa', panel: '#ffffff' },
  dark: { page: '#0b0d12', panel: '#141414' },
} as const;

/** The accent's soft tint behind active links, as an alpha over the background (global.css --accent-soft). */
export const ACCENT_SOFT_ALPHA = { light: 0.1, dark: 0.18 } as const;

export type ThemeName = keyof typeof THEME_BACKGROUNDS;

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminanceOf(rgbOf(a)), luminanceOf(rgbOf(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `over` laid on `under` at `alpha`, as the browser composes a translucent colour. */
export function blend(over: string, under: string, alpha: number): string {
  const [o, u] = [rgbOf(over), rgbOf(under)];
  return hexOf([0, 1, 2].map((i) => o[i]! * alpha + u[i]! * (1 - alpha)) as Rgb);
}

/** Every background accent text meets in a theme: the page, the panel, and the accent's tint on each. */
export function themeTextBackgrounds(accent: string, theme: ThemeName): string[] {
  const { page, panel } = THEME_BACKGROUNDS[theme];
  return [page, panel, blend(accent, page, ACCENT_SOFT_ALPHA[theme]), blend(accent, panel, ACCENT_SOFT_ALPHA[theme])];
}

/** The lowest contrast of `color` against `backgrounds`. */
export function lowestContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

/**
 * The shade of the accent that a theme draws text in: the accent itself when it already has
 * 4.5:1 on every background of the theme, otherwise mixed toward black (light) or white (dark)
 * in steps of 2 % to the first shade that has.
 */
export function accentTextColor(accent: string, theme: ThemeName): string {
  const backgrounds = themeTextBackgrounds(accent, theme);
  const toward = theme === 'light' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 50; step++) {
    const shade = blend(toward, accent, step / 50);
    if (lowestContrast(shade, backgrounds) >= MIN_TEXT_CONTRAST) return shade;
  }
  return toward;
}

const ratio = (value: number) => `${(Math.floor(value * 100) / 100).toFixed(2)}:1`;

/**
 * Why `accent` cannot be the site's accent colour, as one sentence, or null when it can. The
 * sentence names the theme and the contrast found, so the admin knows which way to move it.
 */
export function accentColorProblem(accent: string): string | null {
  if (!HEX_COLOR.test(accent)) return 'The accent colour must be a colour such as #e11d48 (a # and six hexadecimal digits).';
  const color = accent.toLowerCase();
  const onFill = contrastRatio('#ffffff', color);
  if (onFill < MIN_TEXT_CONTRAST) {
    return `The accent colour ${color} is too light: white text on it has a contrast of ${ratio(onFill)} in both themes, and needs at least ${MIN_TEXT_CONTRAST}:1. Choose a darker colour.`;
  }
  const { page, panel } = THEME_BACKGROUNDS.dark;
  const onDark = lowestContrast(color, [page, panel]);
  if (onDark < MIN_FILL_CONTRAST) {
    return `The accent colour ${color} is too dark for the dark theme: it has a contrast of ${ratio(onDark)} against the dark page, and needs at least ${MIN_FILL_CONTRAST}:1. Choose a brighter colour.`;
  }
  return null;
}
