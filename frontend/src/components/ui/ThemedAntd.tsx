import { ConfigProvider, theme as antdTheme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { ANTD_THEME, BRAND_ROSE } from '@/lib/palette';
import { useTheme } from '@/lib/theme';
import { TOOLTIP_DELAY_MS } from './tooltip-timing';

/**
 * docs/product.md#constants-and-limits: tooltips open after 700 ms. components/ui/Tooltip sets its delay per opening (the
 * skip delay too); this is for the tooltips antd components draw themselves.
 */
const TOOLTIP_CONFIG = { mouseEnterDelay: TOOLTIP_DELAY_MS / 1000 } as const;

const BRAND_TOKENS = {
  colorPrimary: BRAND_ROSE,
  borderRadius: 8,
  fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

/**
 * antd's theme (brand colour, dark or light algorithm, tooltip delay) for the screens that
 * use antd components: the tracker, the admin screens and the dynamic pages. It is not in
 * AppProviders so that Home, About and Roster, which use none, do not download antd's
 * ConfigProvider and CSS-in-JS runtime (about 40 KiB gzipped) nor compute its tokens.
 */
export function ThemedAntd({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <ConfigProvider
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...BRAND_TOKENS, ...ANTD_THEME[theme].token },
        components: ANTD_THEME[theme].components,
      }}
      tooltip={TOOLTIP_CONFIG}
    >
      {/* A lazy part below waits here, inside the theme: while its chunk loads, the provider
          and the style cache antd's CSS-in-JS keeps in it stay mounted, rather than hidden
          behind the fallback of a Suspense further out with the styles still in use. */}
      <Suspense fallback={null}>{children}</Suspense>
    </ConfigProvider>
  );
}
