import type { ContentPage } from '../api/content.js';

export interface SectionTemplate {
  /** Slug id of the section within its page. */
  section: string;
  /** Rich HTML, as the content editor stores it. */
  title: string;
  content: string;
  imageUrl: string | null;
}

/** What Create Default Sections adds to an empty page (docs/product.md#constants-and-limits): 2 for home, 3 for about, 3 players for roster. */
export const DEFAULT_SECTION_TEMPLATES: Record<ContentPage, SectionTemplate[]> = {
  home: [
    {
      section: 'hero',
      title: '<p>Welcome to Our Team</p>',
      content:
        '<p>We are a competitive team chasing the top of every ladder. Follow our matches, rankings and players as we climb.</p>',
      imageUrl: null,
    },
    {
      section: 'stats-overview',
      title: '<p>Tracked by ELO</p>',
      content:
        '<p>Every match we play is recorded and rated. Check the leaderboard to see who is on top and how each player performs.</p>',
      imageUrl: null,
    },
  ],
  about: [
    {
      section: 'our-story',
      title: '<p>Our Story</p>',
      content:
        '<p>We started as a group of friends queueing together every night and grew into a team that competes in leagues and tournaments.</p>',
      imageUrl: null,
    },
    {
      section: 'our-mission',
      title: '<p>Our Mission</p>',
      content:
        '<p>To play as one, improve every week and give our community matches worth watching.</p>',
      imageUrl: null,
    },
    {
      section: 'achievements',
      title: '<p>Achievements</p>',
      content: '<ul><li>League champions</li><li>Tournament finalists</li><li>Top of the regional ladder</li></ul>',
      imageUrl: null,
    },
  ],
  roster: [
    {
      section: 'player-1',
      title: '<p>Player One</p>',
      content: '<p>Role: Entry Fragger<br>ELO: 1250</p>',
      imageUrl: null,
    },
    {
      section: 'player-2',
      title: '<p>Player Two</p>',
      content: '<p>Role: Support<br>ELO: 1180</p>',
      imageUrl: null,
    },
    {
      section: 'player-3',
      title: '<p>Player Three</p>',
      content: '<p>Role: Objective Player<br>ELO: 1320</p>',
      imageUrl: null,
    },
  ],
};
