import {
  accentColorProblem,
  accentTextColor,
  contrastRatio,
  DEFAULT_ACCENT_COLOR,
  lowestContrast,
  themeTextBackgrounds,
  THEME_BACKGROUNDS,
} from './accent-contrast.js';

describe('accent contrast', () => {
  it('computes WCAG ratios: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e11d48', '#e11d48')).toBe(1);
    // The brand rose under white text, as palette.ts states it.
    expect(contrastRatio('#ffffff', '#e11d48')).toBeCloseTo(4.7, 1);
  });

  it('accepts the default accent and a mid blue', () => {
    expect(accentColorProblem(DEFAULT_ACCENT_COLOR)).toBeNull();
    expect(accentColorProblem('#2563EB')).toBeNull();
  });

  it('refuses a colour too light for white text, naming the contrast found and the one needed', () => {
    expect(accentColorProblem('#fde047')).toMatch(/^The accent colour #fde047 is too light: white text on it has a contrast of 1\.\d\d:1 in both themes, and needs at least 4\.5:1/);
  });

  it('refuses a colour too dark to be seen on the dark theme', () => {
    expect(accentColorProblem('#1e1b4b')).toMatch(/too dark for the dark theme: it has a contrast of 1\.\d\d:1 against the dark page, and needs at least 3:1/);
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(accentColorProblem('red')).toMatch(/a # and six hexadecimal digits/);
    expect(accentColorProblem('#e11d4')).not.toBeNull();
  });

  it('gives every accepted accent a text shade with 4.5:1 on every background of both themes', () => {
    const accepted: string[] = [];
    for (let r = 0; r < 256; r += 17) for (let g = 0; g < 256; g += 17) for (let b = 0; b < 256; b += 17) {
      const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      if (accentColorProblem(hex) === null) accepted.push(hex);
    }
    expect(accepted.length).toBeGreaterThan(50);
    for (const accent of accepted) {
      for (const theme of ['light', 'dark'] as const) {
        expect(lowestContrast(accentTextColor(accent, theme), themeTextBackgrounds(accent, theme))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('darkens the rose for light-theme text and lightens it for dark-theme text', () => {
    const light = accentTextColor(DEFAULT_ACCENT_COLOR, 'light');
    const dark = accentTextColor(DEFAULT_ACCENT_COLOR, 'dark');
    expect(contrastRatio(light, THEME_BACKGROUNDS.light.page)).toBeGreaterThan(contrastRatio(DEFAULT_ACCENT_COLOR, THEME_BACKGROUNDS.light.page));
    expect(contrastRatio(dark, THEME_BACKGROUNDS.dark.page)).toBeGreaterThan(contrastRatio(DEFAULT_ACCENT_COLOR, THEME_BACKGROUNDS.dark.page));
  });
});
