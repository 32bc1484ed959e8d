import type { ContentPage } from './content-options.js';
import { ABOUT_FALLBACK_CARDS, ROSTER_FALLBACK_CARDS, type FallbackCard, type HeroFallback } from './content-fallbacks.js';

export interface SectionTemplate {
  /** Slug id of the section within its page. */
  section: string;
  /** Rich HTML, as the content editor stores it. */
  title: string;
  content: string;
  imageUrl: string | null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function fromCard(section: string, card: FallbackCard, extra = ''): SectionTemplate {
  return { section, title: paragraph(card.title), content: paragraph(card.text) + extra, imageUrl: null };
}

/** The example lines of a roster template: labelled as examples, so no one takes them for a player's figures. */
const ROSTER_EXAMPLES = ['Entry Fragger', 'Support', 'Objective Player'];
const rosterExample = (role: string) => `<p>Role: ${role} (example)<br>ELO: 1200 (example: the tracker has the real rating)</p>`;

/**
 * What Create Default Sections adds to an empty page (docs/product.md#constants-and-limits): 2 for home,
 * 3 for about, 3 players for roster. Each starts from what the public page shows without sections
 * (content-fallbacks.ts): the hero is the site's name and tagline, the about and roster cards the
 * same titles and text; the roster's role and ELO lines say they are examples.
 */
export function defaultSectionTemplates(page: ContentPage, hero: HeroFallback): SectionTemplate[] {
  switch (page) {
    case 'home':
      return [
        { section: 'hero', title: paragraph(hero.teamName), content: paragraph(hero.tagline), imageUrl: null },
        {
          section: 'stats-overview',
          title: '<p>Tracked by ELO</p>',
          content:
            '<p>Every match we play is recorded and rated. Check the leaderboard to see who is on top and how each player performs.</p>',
          imageUrl: null,
        },
      ];
    case 'about':
      return ['our-story', 'our-mission', 'achievements'].map((section, index) => fromCard(section, ABOUT_FALLBACK_CARDS[index]!));
    case 'roster':
      return ROSTER_FALLBACK_CARDS.map((card, index) =>
        fromCard(`player-${index + 1}`, card, rosterExample(ROSTER_EXAMPLES[index]!)),
      );
  }
}
