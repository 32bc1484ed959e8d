import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
