/**
 * What the public Home, About and Roster pages show while a page has no content sections.
 * The pages, the content editor (which shows these on an empty page, saying they are the
 * fallback) and Create Default Sections (content-templates.ts) all read them from here, so
 * the three never disagree.
 */
export interface FallbackCard {
  title: string;
  text: string;
}

export const ABOUT_FALLBACK_CARDS: readonly FallbackCard[] = [
  { title: 'Our Story', text: 'How the team came together and where we are headed. Coming soon.' },
  { title: 'Our Mission', text: 'What we play for and what we stand for. Coming soon.' },
  { title: 'Achievements', text: 'Titles, placements and milestones. Coming soon.' },
];

export const ROSTER_FALLBACK_CARDS: readonly FallbackCard[] = [
  { title: 'Player 1', text: 'Roster spot to be announced.' },
  { title: 'Player 2', text: 'Roster spot to be announced.' },
  { title: 'Player 3', text: 'Roster spot to be announced.' },
];

/** The site's name and tagline (its settings), which the home hero shows without a hero section. */
export interface HeroFallback {
  teamName: string;
  tagline: string;
}
