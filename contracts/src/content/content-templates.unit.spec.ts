import { CONTENT_PAGES } from '../api/content-options.js';
import { DEFAULT_SECTION_TEMPLATES } from './content-templates.js';

describe('DEFAULT_SECTION_TEMPLATES', () => {
  it('has the sections docs/product.md#constants-and-limits names for every page', () => {
    expect(Object.keys(DEFAULT_SECTION_TEMPLATES).sort()).toEqual([...CONTENT_PAGES].sort());
    expect(DEFAULT_SECTION_TEMPLATES.home.map((s) => s.section)).toEqual(['hero', 'stats-overview']);
    expect(DEFAULT_SECTION_TEMPLATES.about.map((s) => s.section)).toEqual(['our-story', 'our-mission', 'achievements']);
    expect(DEFAULT_SECTION_TEMPLATES.roster.map((s) => s.section)).toEqual(['player-1', 'player-2', 'player-3']);
  });

  it('gives every section a lowercase hyphenated id, HTML title and content, and no image', () => {
    for (const page of CONTENT_PAGES) {
      for (const template of DEFAULT_SECTION_TEMPLATES[page]) {
        expect(template.section).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(template.title).toMatch(/^<p>[^<]+<\/p>$/);
        expect(template.content).toMatch(/^<(p|ul)>.+<\/\1>$/);
        expect(template.imageUrl).toBeNull();
      }
    }
  });

  it('gives each roster player an example role and ELO', () => {
    for (const template of DEFAULT_SECTION_TEMPLATES.roster) {
      expect(template.content).toMatch(/^<p>Role: [A-Za-z ]+<br>ELO: \d{3,4}<\/p>$/);
    }
    expect(DEFAULT_SECTION_TEMPLATES.roster[0]!.content).toBe('<p>Role: Entry Fragger<br>ELO: 1250</p>');
  });

  it('uses the about placeholders\' titles', () => {
    expect(DEFAULT_SECTION_TEMPLATES.about.map((s) => s.title)).toEqual([
      '<p>Our Story</p>',
      '<p>Our Mission</p>',
      '<p>Achievements</p>',
    ]);
  });
});
