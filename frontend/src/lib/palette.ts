import type { ThemeConfig } from 'antd';
import type { ThemeMode } from './theme';

/**
 * Colours that carry text, chosen so that text meets WCAG AA (4.5:1) in both themes; the
 * browser tests run axe on every screen to hold that line (palette.test.ts checks the pairs
 * axe cannot: tier badges on tinted backgrounds). Hues stay the brand's and antd's; only
 * lightness moves: darker for text on light surfaces, lighter for text on dark ones.
 */

/** The brand rose (Tailwind rose-600). White text on it: 4.70:1. */
export const BRAND_ROSE = '#e11d48';

/**
 * Token overrides on top of antd's default algorithm. antd derives hover colours lighter and
 * its text colours fall below 4.5:1 on white, so text steps go one shade darker. (Tags label in
 * fixed preset shades that these tokens do not reach: global.css darkens those.)
 */
const LIGHT_TOKENS: ThemeConfig['token'] = {
  colorPrimaryHover: '#be123c',
  colorPrimaryActive: '#9f1239',
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorLink: '#0958d9',
  colorLinkHover: '#003eb3',
  colorLinkActive: '#002c8c',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
};

/**
 * Token overrides on top of antd's dark algorithm. `colorLink` and `colorError` are seeds
 * that the algorithm darkens, hence their lighter starting points. Solid buttons keep a deep
 * red under white text (the Button overrides below); outlined, text and link buttons, which
 * draw their label in the same variable, get a light red from global.css.
 */
const DARK_TOKENS: ThemeConfig['token'] = {
  colorPrimaryText: '#fb7185',
  colorError: '#ff7875',
  colorLink: '#69b1ff',
  colorLinkHover: '#91caff',
  colorLinkActive: '#4096ff',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  colorTextDescription: 'rgba(255, 255, 255, 0.55)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
};


/**
 * Dark buttons: solid ones hover darker (antd's lighter hover falls under 4.5:1 with white), and
 * default ones hover to the light rose that the accent text uses (antd hovers them in the
 * primary colour, too dark on a dark page).
 */
const DARK_COMPONENTS: ThemeConfig['components'] = {
  Button: {
    colorPrimaryHover: '#a3153a',
    colorError: '#c62f31',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    defaultHoverColor: '#fb7185',
    defaultHoverBorderColor: '#fb7185',
    defaultActiveColor: '#fda4af',
    defaultActiveBorderColor: '#fda4af',
  },
};

/** antd tokens per theme (brand colour, contrast fixes); ThemedAntd adds the algorithm. */
export const ANTD_THEME: Record<ThemeMode, Pick<ThemeConfig, 'token' | 'components'>> = {
  light: { token: LIGHT_TOKENS },
  dark: { token: DARK_TOKENS, components: DARK_COMPONENTS },
};

export interface TierBadgeColours {
  /** Label colour on the tier's 18% tint, per theme; absent for gradient badges (white text). */
  text?: Record<ThemeMode, string>;
  /** Replaces the contracts' gradient with one deep enough for white text (4.5:1 at every stop). */
  gradient?: string;
}

/**
 * Tier badges (TierBadge): the tier's own colour stays the border and the tint; the label takes a
 * darker (light theme) or lighter (dark theme) shade of the same hue.
 */
export const TIER_BADGE_COLOURS: Record<string, TierBadgeColours> = {
  Iron: { text: { light: '#52525b', dark: '#a1a1aa' } },
  Bronze: { text: { light: '#7c4a1c', dark: '#d99a5c' } },
  Silver: { text: { light: '#4b5563', dark: '#b4bdc7' } },
  Gold: { text: { light: '#745802', dark: '#eab308' } },
  Platinum: { text: { light: '#0e6474', dark: '#22d3ee' } },
  Master: { gradient: 'linear-gradient(135deg, #9333ea 0%, #4f46e5 100%)' },
  Vengeful: { gradient: 'linear-gradient(135deg, #b91c1c 0%, #c2410c 50%, #6d28d9 100%)' },
};
