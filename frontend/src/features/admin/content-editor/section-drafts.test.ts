import { describe, expect, it } from 'vitest';
import { draftFromSection, newSectionDraft, orderDiffers, planSectionSave, toCreateRequest, toUpdateRequest, type SectionDraft } from './section-drafts';

const saved = (id: number): SectionDraft => ({ key: `saved-${id}`, id, section: `s-${id}`, title: '', content: '', imageUrl: '' });

describe('section drafts', () => {
  it('names a new section section-{timestamp}', () => {
    expect(newSectionDraft(1700000000000).section).toBe('section-1700000000000');
  });

  it('plans deletes, updates and creates', () => {
    const fresh = newSectionDraft(5);
    const plan = planSectionSave([saved(1), fresh, saved(3)], [2]);
    expect(plan.deletes).toEqual([2]);
    expect(plan.updates.map((draft) => draft.id)).toEqual([1, 3]);
    expect(plan.creates).toEqual([fresh]);
  });

  it('stores an empty editor as empty text and a blank image as null', () => {
    expect(toCreateRequest('home', { ...newSectionDraft(1), title: '<p><br></p>', content: '<p>a&nbsp;b</p>', imageUrl: ' ' })).toEqual({
      page: 'home',
      section: 'section-1',
      title: '',
      content: '<p>a b</p>',
      imageUrl: null,
    });
  });

  it('knows when a save must also send the order', () => {
    expect(orderDiffers([1, 2, 3], [9], [1, 2, 3, 9])).toBe(false);
    expect(orderDiffers([1, 2, 3], [9], [9, 1, 2, 3])).toBe(true);
    expect(orderDiffers([1, 2, 3], [], [2, 1, 3])).toBe(true);
    expect(orderDiffers([1, 2, 3], [], [1, 3])).toBe(false);
  });
  it("sends a roster card's tracker player, null once removed, and never a player for the other pages' sections", () => {
    const base = { id: 4, section: 'player-1', title: '<p>Ace</p>', content: '', imageUrl: null, order: 0 };
    const named = draftFromSection({ ...base, page: 'roster', playerId: 3 });
    expect(toUpdateRequest(named)).toMatchObject({ playerId: 3 });
    expect(toUpdateRequest({ ...named, playerId: null })).toMatchObject({ playerId: null });
    expect(draftFromSection({ ...base, page: 'roster' }).playerId).toBeNull();
    expect(toUpdateRequest(draftFromSection({ ...base, page: 'about' }))).not.toHaveProperty('playerId');
    expect(toCreateRequest('roster', newSectionDraft(5))).not.toHaveProperty('playerId');
  });
});
