import { CONTENT_PAGES } from './content-options.js';
import { ABOUT_FALLBACK_CARDS, ROSTER_FALLBACK_CARDS } from './content-fallbacks.js';
import { defaultSectionTemplates } from './content-templates.js';

const hero = { teamName: 'Night <Owls>', tagline: 'We play & win' };

describe('defaultSectionTemplates', () => {
  it('has the sections docs/product.md#constants-and-limits names for every page', () => {
    expect(defaultSectionTemplates('home', hero).map((s) => s.section)).toEqual(['hero', 'stats-overview']);
    expect(defaultSectionTemplates('about', hero).map((s) => s.section)).toEqual(['our-story', 'our-mission', 'achievements']);
    expect(defaultSectionTemplates('roster', hero).map((s) => s.section)).toEqual(['player-1', 'player-2', 'player-3']);
  });

  it('gives every section a lowercase hyphenated id, HTML title and content, and no image', () => {
    for (const page of CONTENT_PAGES) {
      for (const template of defaultSectionTemplates(page, hero)) {
        expect(template.section).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(template.title).toMatch(/^<p>[^<]+<\/p>$/);
        expect(template.content).toMatch(/^<(p|ul)>.+<\/\1>$/);
        expect(template.imageUrl).toBeNull();
      }
    }
  });

  it('starts the hero from the site name and tagline the home page shows without one, escaped', () => {
    const [heroTemplate] = defaultSectionTemplates('home', hero);
    expect(heroTemplate!.title).toBe('<p>Night &lt;Owls&gt;</p>');
    expect(heroTemplate!.content).toBe('<p>We play &amp; win</p>');
  });

  it('uses the public fallback cards of About and Roster', () => {
    expect(defaultSectionTemplates('about', hero)).toEqual(
      ABOUT_FALLBACK_CARDS.map((card, index) => expect.objectContaining({ title: `<p>${card.title}</p>`, content: `<p>${card.text}</p>`, section: ['our-story', 'our-mission', 'achievements'][index] })),
    );
    defaultSectionTemplates('roster', hero).forEach((template, index) => {
      expect(template.title).toBe(`<p>${ROSTER_FALLBACK_CARDS[index]!.title}</p>`);
      expect(template.content.startsWith(`<p>${ROSTER_FALLBACK_CARDS[index]!.text}</p>`)).toBe(true);
    });
  });

  it('says the roster role and ELO are examples', () => {
    for (const template of defaultSectionTemplates('roster', hero)) {
      expect(template.content).toMatch(/Role: [A-Za-z ]+ \(example\)<br>ELO: 1200 \(example: the tracker has the real rating\)/);
    }
  });
});
