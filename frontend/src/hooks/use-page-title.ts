import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { titleWithSite, useSite } from '@/lib/site';

/** A screen's document title: its own, then the team's name (as the server writes it). */
export function pageTitle(title: string | null, siteName: string): string {
  return titleWithSite(title, siteName);
}

/** The title the server gave the page the visitor landed on, read before any screen changed it. */
let landingTitle: string | undefined;

/**
 * Sets document.title for the screen, so navigating in the app names each screen. The page the
 * visitor landed on keeps the server's title (backend/src/seo), which can say more than the
 * screen knows at first (a match's teams and score, a player's rank). Leaving the screen gives
 * the team's name back, for screens that set none.
 */
export function usePageTitle(title: string | null): void {
  const { key } = useLocation();
  const { teamName } = useSite();
  useEffect(() => {
    // react-router's key of the entry the browser loaded, before any navigation in the app.
    if (key === 'default') {
      landingTitle ??= document.title;
      document.title = landingTitle;
    } else {
      document.title = pageTitle(title, teamName);
    }
    return () => {
      document.title = teamName;
    };
  }, [key, title, teamName]);
}
