import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedChoice } from './SegmentedChoice';

const OPTIONS = [
  { value: 'overall', label: 'Overall' },
  { value: '1', label: 'Hardpoint' },
  { value: '2', label: 'Control' },
] as const;

function Pool() {
  const [value, setValue] = useState<string>('overall');
  return <SegmentedChoice<string> label="Rating pool" options={OPTIONS} value={value} onChange={setValue} />;
}

describe('SegmentedChoice', () => {
  it('is a radio group with one checked choice, changed by a click', async () => {
    render(<Pool />);
    const group = screen.getByRole('radiogroup', { name: 'Rating pool' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Overall' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Control' }));
    expect(screen.getByRole('radio', { name: 'Control' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Overall' })).toHaveAttribute('aria-checked', 'false');
  });

  it('moves the choice and the focus with the arrow keys, wrapping at the ends, with one tab stop', async () => {
    render(<Pool />);
    // Only the checked choice is in the tab order.
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Overall' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Hardpoint' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Hardpoint' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Control' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Control' })).toHaveFocus();
  });
});
