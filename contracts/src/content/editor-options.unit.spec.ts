import fc from 'fast-check';
import { contrastRatio, THEME_BACKGROUNDS } from '../site/accent-contrast.js';
import { FONT_SIZES, GRADIENT_PRESETS, PRESET_COLORS, SPACER_HEIGHTS, isGradientCss } from './editor-options.js';

describe('editor options', () => {
  it('offers the five font sizes of docs/product.md#constants-and-limits', () => {
    expect(FONT_SIZES).toEqual([
      { label: 'Small', value: '12px' },
      { label: 'Normal', value: '16px' },
      { label: 'Large', value: '20px' },
      { label: 'Extra Large', value: '24px' },
      { label: 'Huge', value: '32px' },
    ]);
  });

  it('offers exactly 15 distinct hex preset colours', () => {
    expect(PRESET_COLORS).toHaveLength(15);
    expect(new Set(PRESET_COLORS.map((c) => c.toLowerCase())).size).toBe(15);
    for (const color of PRESET_COLORS) expect(color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('offers the six named gradients', () => {
    expect(GRADIENT_PRESETS.map((g) => g.name)).toEqual(['Vendetta', 'Sunset', 'Ocean', 'Purple Haze', 'Fire', 'Rainbow']);
  });

  it('maps spacer sizes to 0, 8, 16 and 32', () => {
    expect(SPACER_HEIGHTS).toEqual({ none: 0, small: 8, medium: 16, large: 32 });
  });
});

describe('gradient presets on both themes', () => {
  const backgrounds = [...Object.values(THEME_BACKGROUNDS.light), ...Object.values(THEME_BACKGROUNDS.dark)];
  it.each(GRADIENT_PRESETS.map((g) => [g.name, g.css]))('every stop of %s keeps 3:1 on the light and the dark page and panel', (_, css) => {
    const stops = css.match(/#[0-9a-f]{6}/gi)!;
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) {
      for (const background of backgrounds) expect({ stop, background, ratio: contrastRatio(stop, background) >= 3 }).toEqual({ stop, background, ratio: true });
    }
  });
});

describe('isGradientCss', () => {
  it.each(GRADIENT_PRESETS.map((g) => [g.name, g.css]))('accepts the %s preset', (_, css) => {
    expect(isGradientCss(css)).toBe(true);
  });

  it.each([
    'linear-gradient(#fff, #000)',
    'linear-gradient(45deg, #ff000080 10%, #00f 90%)',
    'linear-gradient(-0.25turn, rgb(255, 0, 0), rgba(0, 0, 255, 0.5) 80%)',
    'linear-gradient(to bottom right, rgb(255,0,0) 0% 20%, #abc 100%)',
    'linear-gradient(to left, rgb(100%, 50%, 0%), #000)',
    'linear-gradient(0, #fff, #000)',
    // How a browser serialises an inline style after reading it back.
    'linear-gradient(135deg, rgb(220, 38, 38) 0%, rgb(127, 29, 29) 50%, rgb(17, 24, 39) 100%)',
    'LINEAR-GRADIENT(90DEG, #FFF, #000)',
  ])('accepts %s', (css) => {
    expect(isGradientCss(css)).toBe(true);
  });

  it.each([
    '',
    '#fff',
    'red',
    'linear-gradient(#fff)',
    'linear-gradient()',
    'linear-gradient(90deg)',
    'linear-gradient(red, blue)',
    'radial-gradient(#fff, #000)',
    'repeating-linear-gradient(#fff, #000)',
    'linear-gradient(90deg, #fff, #000); background: url(https://evil.example/x.png)',
    'linear-gradient(90deg, #fff, #000);',
    'linear-gradient(90deg, url(javascript:alert(1)), #000)',
    'url(javascript:alert(1))',
    'linear-gradient(90deg, #fff, #000) url(x)',
    'linear-gradient(90deg, #fff, #000), url(x)',
    'linear-gradient(90deg, #fff, #000), linear-gradient(#fff, #000)',
    'expression(alert(1))',
    'linear-gradient(90deg, expression(alert(1)), #000)',
    'linear-gradient(90deg, #fff, #000 /* x */)',
    'linear-gradient(90deg, #fff, "#000")',
    'linear-gradient(90deg, #fff, #000\\3b)',
    'linear-gradient(90deg, #fff,\n#000)',
    'linear-gradient(90deg, var(--x), #000)',
    'linear-gradient(90deg, calc(1px), #000)',
    'linear-gradient(90deg, rgb(1, 2, 3, 4, 5), #000)',
    'linear-gradient(90deg, rgb(1, 2), #000)',
    'linear-gradient(90deg, rgb((1, 2, 3)), #000)',
    'linear-gradient(90deg, #ggg, #000)',
    'linear-gradient(90deg, #fffff, #000)',
    'linear-gradient(90deg, #fff 10px, #000)',
    'linear-gradient(90deg, #fff 1% 2% 3%, #000)',
    'linear-gradient(to middle, #fff, #000)',
    'linear-gradient(to left right, #fff, #000)',
    'linear-gradient(90, #fff, #000)',
    'linear-gradient(90deg,, #fff, #000)',
    'linear-gradient(90deg, #fff, #000',
    `linear-gradient(90deg, ${Array.from({ length: 17 }, () => '#fff').join(', ')})`,
  ])('rejects %j', (css) => {
    expect(isGradientCss(css)).toBe(false);
  });

  it('rejects anything holding a character outside the grammar', () => {
    const outside = fc.constantFrom(';', ':', '/', '\\', '"', "'", '{', '}', '<', '>', '@', '!', '\u0000', '\t', '\n', '_', '&');
    fc.assert(
      fc.property(fc.nat(60), outside, (at, ch) => {
        const css = GRADIENT_PRESETS[0]!.css;
        const i = at % css.length;
        expect(isGradientCss(css.slice(0, i) + ch + css.slice(i))).toBe(false);
      }),
    );
  });

  it('answers long hostile input without catastrophic backtracking', () => {
    const hostile = `linear-gradient(90deg, ${'rgb(1, 1, 1'.repeat(5000)})`;
    const started = performance.now();
    expect(isGradientCss(hostile)).toBe(false);
    expect(isGradientCss(`linear-gradient(${'0'.repeat(900)}.1deg, #fff, #000)`)).toBe(false);
    // Well under a millisecond as written; a pattern that backtracks exponentially would not
    // finish on these inputs. The bound only catches that, with a busy machine's margin.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('isGradientCss around the value', () => {
  it('expects the caller to trim: surrounding whitespace is refused', () => {
    expect(isGradientCss(' linear-gradient(#fff, #000)')).toBe(false);
    expect(isGradientCss('linear-gradient(#fff, #000)\n')).toBe(false);
  });
});
