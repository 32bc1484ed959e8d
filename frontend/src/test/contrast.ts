/** WCAG 2 contrast arithmetic for colour tests (hex colours; alpha only through `over`). */

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255) as Rgb;
}

/** `colour` at `alpha` painted over `background` (what `color-mix(in srgb, c a%, transparent)` shows). */
export function over(colour: string, alpha: number, background: string): Rgb {
  const top = parseHex(colour);
  const bottom = parseHex(background);
  return top.map((channel, index) => channel * alpha + bottom[index]! * (1 - alpha)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [a, b].map((colour) => luminance(typeof colour === 'string' ? parseHex(colour) : colour));
  return (Math.max(la!, lb!) + 0.05) / (Math.min(la!, lb!) + 0.05);
}
