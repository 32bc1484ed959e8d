import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HowRatingsWork } from './HowRatingsWork';

describe('How ratings work', () => {
  it('covers pools, the 70/30 formula, tiers, provisional players and seasons', () => {
    renderWithProviders(<HowRatingsWork />);
    for (const title of ['Pools: Overall and each mode', 'The formula: 70% result, 30% performance', 'Worked example', 'Tiers', 'Provisional players', 'Seasons']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/moves only that mode’s ELO|moves only that mode's ELO/)).toBeInTheDocument();
    expect(screen.getByText(/sets at least 70% of the swing and performance moves up to 30%/)).toBeInTheDocument();
    expect(screen.getByText(/fewer than 5 matches/)).toBeInTheDocument();
    expect(screen.getByText('Vengeful').closest('li')).toHaveTextContent('rank 5 or better');
    expect(screen.getByText('Master').closest('li')).toHaveTextContent('1800 and up');
    expect(screen.getByText('Iron').closest('li')).toHaveTextContent('0–999');
  });

  it('shows the worked example with the changes the ladder’s rule gives (+19, +16, −17, −18)', () => {
    renderWithProviders(<HowRatingsWork />);
    const lines = screen.getAllByTestId('example-line').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(lines.map((cells) => cells.slice(-3))).toEqual([
      ['1100', '+19', '1119'],
      ['1000', '+16', '1016'],
      ['1050', '-17', '1033'],
      ['1150', '-18', '1132'],
    ]);
  });
});
