import { useLayoutEffect } from 'react';
import { useTheme } from '@/lib/theme';
import { accentVariables, useSite } from '@/lib/site';

/**
 * Puts the settings' accent on the page (the CSS variables, in the current theme's text shade)
 * and their icon in the tab. The server's head already names the icon on a first load; this
 * follows a change made in the settings screen without a reload.
 */
export function useSiteIdentity(): void {
  const site = useSite();
  const { theme } = useTheme();
  useLayoutEffect(() => {
    const root = document.documentElement;
    const variables = accentVariables(site.accentColor, theme);
    for (const name of ['--accent', '--accent-text', '--accent-soft']) root.style.removeProperty(name);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  }, [site.accentColor, theme]);
  useLayoutEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const href = site.faviconUrl ?? '/favicon.svg';
    if (!icon || icon.getAttribute('href') === href) return;
    // The shell's own link names the SVG's type; another icon's is the browser's to read.
    icon.removeAttribute('type');
    icon.setAttribute('href', href);
  }, [site.faviconUrl]);
}
