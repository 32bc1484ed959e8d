import { render, screen } from '@testing-library/react';
import { TIERS } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio, over } from '@/test/contrast';
import { PodiumMedal } from './PodiumMedal';
import { TierBadge } from './TierBadge';

describe('TierBadge', () => {
  it.each([
    [0, 'Iron'],
    [999, 'Iron'],
    [1000, 'Bronze'],
    [1199, 'Bronze'],
    [1200, 'Silver'],
    [1400, 'Gold'],
    [1600, 'Platinum'],
    [1799, 'Platinum'],
    [1800, 'Master'],
    [2400, 'Master'],
  ])('shows the ELO band of %i outside the top 5: %s', (elo, tier) => {
    render(<TierBadge elo={elo} rank={6} />);
    expect(screen.getByText(tier)).toHaveAttribute('data-tier', tier);
  });

  it.each([1, 3, 5])('shows Vengeful for rank %i whatever the ELO', (rank) => {
    render(<TierBadge elo={900} rank={rank} />);
    expect(screen.getByText('Vengeful')).toBeInTheDocument();
  });

  it('uses the ELO band when the rank is unknown', () => {
    render(<TierBadge elo={1450} rank={null} />);
    expect(screen.getByText('Gold')).toBeInTheDocument();
  });

  it('paints gradient tiers with their gradient', () => {
    render(<TierBadge elo={1000} rank={1} />);
    expect(screen.getByText('Vengeful').getAttribute('style')).toContain('linear-gradient');
  });
});

/** Surfaces a badge sits on: panels, the page, dialogs (light: white, shell; dark: panel, shell, dialog). */
const SURFACES = { light: ['#ffffff', '#f5f6fa'], dark: ['#141414', '#0b0d12', '#1f1f1f'] } as const;

describe('TierBadge contrast (WCAG AA, 4.5:1; axe cannot measure text on a color-mix tint)', () => {
  const tinted = TIERS.filter((tier) => !tier.gradient);
  it.each(tinted.map((tier) => [tier.name, tier.min] as const))('%s: the label on its tint, in both themes', (name, elo) => {
    render(<TierBadge elo={elo} rank={null} />);
    const badge = screen.getByText(name);
    const tierColour = tinted.find((tier) => tier.name === name)!.color;
    for (const theme of ['light', 'dark'] as const) {
      const text = badge.style.getPropertyValue(`--tier-text-${theme}`);
      expect(text).toMatch(/^#[0-9a-f]{6}$/i);
      for (const surface of SURFACES[theme]) {
        const ratio = contrastRatio(text, over(tierColour, 0.18, surface));
        expect(ratio, `${name} label ${text} on its tint over ${surface} (${theme})`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each([
    ['Master', TIERS.find((tier) => tier.gradient)!.min, null],
    ['Vengeful', 900, 1],
  ] as const)('%s: white on every stop of its gradient', (name, elo, rank) => {
    render(<TierBadge elo={elo} rank={rank} />);
    const badge = screen.getByText(name);
    expect(badge.style.getPropertyValue('--tier-text-light')).toBe('#fff');
    const stops = badge.style.background.match(/#[0-9a-f]{6}|rgb\([^)]*\)/gi) ?? [];
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) expect(contrastRatio('#ffffff', toHex(stop)), `white on ${stop}`).toBeGreaterThanOrEqual(4.5);
  });
});

/** jsdom reports inline colours as rgb(); the contrast helper takes hex. */
function toHex(colour: string): string {
  const channels = colour.match(/\d+/g);
  if (!colour.startsWith('rgb') || !channels) return colour;
  return '#' + channels.slice(0, 3).map((channel) => Number(channel).toString(16).padStart(2, '0')).join('');
}

describe('PodiumMedal', () => {
  it.each([
    [1, 'gold', '1st place'],
    [2, 'silver', '2nd place'],
    [3, 'bronze', '3rd place'],
  ])('gives rank %i the %s medal', (rank, medal, label) => {
    render(<PodiumMedal rank={rank} />);
    expect(screen.getByRole('img', { name: label })).toHaveAttribute('data-medal', medal);
  });

  it('gives no medal below the podium', () => {
    const { container } = render(<PodiumMedal rank={4} />);
    expect(container).toBeEmptyDOMElement();
  });
});
