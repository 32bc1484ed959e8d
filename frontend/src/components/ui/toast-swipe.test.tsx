import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { swipeToDismiss } from './toast-swipe';

function renderToast() {
  const onDismiss = vi.fn();
  render(
    <div role="status" {...swipeToDismiss(onDismiss)}>
      Saved
      <button type="button">Close</button>
    </div>,
  );
  const toast = screen.getByRole('status');
  const pointer = { pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, clientY: 10 };
  const swipe = (dx: number, target: Element = toast) => {
    fireEvent.pointerDown(target, { ...pointer, clientX: 100 });
    for (let step = 1; step <= 4; step++) fireEvent.pointerMove(toast, { ...pointer, clientX: 100 + (dx * step) / 4 });
    const held = toast.style.transform;
    fireEvent.pointerUp(toast, { ...pointer, clientX: 100 + dx });
    return held;
  };
  return { toast, onDismiss, swipe };
}

describe('swipeToDismiss (docs/product.md#constants-and-limits: swipe right, 50 px)', () => {
  it('follows the pointer and dismisses past 50 px to the right', () => {
    const { onDismiss, swipe } = renderToast();
    expect(swipe(51)).toBe('translateX(51px)');
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('snaps back when let go at 50 px or less', () => {
    const { toast, onDismiss, swipe } = renderToast();
    expect(swipe(50)).toBe('translateX(50px)');
    expect(onDismiss).not.toHaveBeenCalled();
    expect(toast.style.transform).toBe('');
  });

  it('does not move left, and a swipe to the left dismisses nothing', () => {
    const { toast, onDismiss, swipe } = renderToast();
    swipe(-80);
    expect(toast.style.transform).toBe('');
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('leaves a press on the close button to the button', () => {
    const { onDismiss, swipe } = renderToast();
    expect(swipe(80, screen.getByRole('button', { name: 'Close' }))).toBe('');
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
