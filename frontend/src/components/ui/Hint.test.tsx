import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hint } from './Hint';

/** Two neighbouring hinted buttons, as in the collapsed tracker sidebar. */
function renderHints() {
  render(
    <>
      <Hint title="Dashboard">
        <button type="button">D</button>
      </Hint>
      <Hint title="Leaderboard">
        <button type="button">L</button>
      </Hint>
    </>,
  );
  const hint = (title: string) => document.querySelector(`[data-hint="${title}"]`)!;
  return {
    enter: (title: string) => fireEvent.pointerEnter(hint(title), { pointerType: 'mouse' }),
    leave: (title: string) => fireEvent.pointerLeave(hint(title), { pointerType: 'mouse' }),
    isOpen: (title: string) => hint(title).hasAttribute('data-open'),
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Hint (docs/product.md#constants-and-limits tooltip timing)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // Unmounts (closing what is open), then lets the skip window run out: each test starts with the 700 ms delay.
    cleanup();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('opens 700 ms after the pointer arrives and hides at once when it leaves', () => {
    const hints = renderHints();
    hints.enter('Dashboard');
    wait(699);
    expect(hints.isOpen('Dashboard')).toBe(false);
    wait(1);
    expect(hints.isOpen('Dashboard')).toBe(true);
    hints.leave('Dashboard');
    expect(hints.isOpen('Dashboard')).toBe(false);
    expect(screen.getByRole('button', { name: 'D' })).toBeInTheDocument();
  });

  it('opens the next one at once while one is open or closed less than 300 ms ago, and waits again after', () => {
    const hints = renderHints();
    hints.enter('Dashboard');
    wait(700);
    hints.leave('Dashboard');
    hints.enter('Leaderboard');
    expect(hints.isOpen('Leaderboard')).toBe(true);

    hints.leave('Leaderboard');
    wait(299);
    hints.enter('Dashboard');
    expect(hints.isOpen('Dashboard')).toBe(true);

    hints.leave('Dashboard');
    wait(300);
    hints.enter('Leaderboard');
    expect(hints.isOpen('Leaderboard')).toBe(false);
    wait(700);
    expect(hints.isOpen('Leaderboard')).toBe(true);
  });

  it('does not open for a touch, which is no hover', () => {
    const hints = renderHints();
    fireEvent.pointerEnter(document.querySelector('[data-hint="Dashboard"]')!, { pointerType: 'touch' });
    wait(1000);
    expect(hints.isOpen('Dashboard')).toBe(false);
  });
});
