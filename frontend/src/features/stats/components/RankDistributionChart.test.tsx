import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countTicks, RankDistributionChart } from './RankDistributionChart';

describe('countTicks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [5, [0, 2, 4, 6]],
    [8, [0, 2, 4, 6, 8]],
    [17, [0, 5, 10, 15, 20]],
    [240, [0, 100, 200, 300]],
  ])('counts up to %i in whole steps: %j', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });
});

describe('RankDistributionChart', () => {
  const bars = [
    { label: 'Vengeful', value: 6, color: '#dc2626' },
    { label: 'Master', value: 0, color: '#a855f7' },
    { label: 'Iron', value: 3, color: '#6b7280' },
  ];

  it('draws one bar per non-zero count, heights in proportion, each named by its title', () => {
    const { container } = render(<RankDistributionChart bars={bars} />);
    const tallest = container.querySelector('rect[fill="#dc2626"]')!;
    const half = container.querySelector('rect[fill="#6b7280"]')!;
    expect(Number(half.getAttribute('height'))).toBeCloseTo(Number(tallest.getAttribute('height')) / 2);
    expect(container.querySelector('rect[fill="#a855f7"]')).toBeNull();
    expect([...container.querySelectorAll('title')].map((title) => title.textContent)).toEqual([
      'Vengeful: 6 players',
      'Master: 0 players',
      'Iron: 3 players',
    ]);
  });

  it('lays the columns out in shares of the width and labels the axes', () => {
    const { container } = render(<RankDistributionChart bars={bars} />);
    const labels = [...container.querySelectorAll('text')];
    expect(labels.map((text) => text.textContent)).toEqual(['Vengeful', 'Master', 'Iron']);
    expect(labels.map((text) => parseFloat(text.getAttribute('x')!))).toEqual([100 / 6, 50, 250 / 3].map((x) => expect.closeTo(x, 6)));
    expect([...container.querySelectorAll('.bar-chart-ticks span')].map((tick) => tick.textContent)).toEqual(['0', '2', '4', '6']);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
