import type { PointerEvent } from 'react';

/** docs/product.md#constants-and-limits: a toast swiped to the right past this many pixels is dismissed; a shorter swipe snaps back. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** How far a press must move right before it is a swipe, not a click (a finger wobbles more than a mouse). */
const SWIPE_START_PX: Record<string, number> = { mouse: 2, pen: 2, touch: 10 };

export interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLDivElement>) => void;
}

/**
 * Pointer handlers that let a toast be swiped away to the right: while held it follows the
 * pointer (never left of where it started), let go past the threshold it is dismissed and
 * carries on off the screen, let go short of it it snaps back. The transform is set on the
 * element itself, so a drag re-renders nothing. Presses on the close button stay clicks:
 * keyboard and pointer users can still close it there.
 */
export function swipeToDismiss(onDismiss: () => void): SwipeHandlers {
  let press: { pointerId: number; x: number; y: number } | null = null;
  let swiping = false;

  const release = (element: HTMLDivElement, dismiss: boolean) => {
    press = null;
    swiping = false;
    // Without the inline transition antd's own (transform, opacity) animates what follows.
    element.style.transition = '';
    if (dismiss) {
      element.style.transform = 'translateX(calc(100% + 32px))';
      onDismiss();
    } else {
      element.style.transform = '';
    }
  };

  return {
    onPointerDown(event) {
      if (!event.isPrimary || event.button !== 0 || (event.target as Element).closest('button, a')) return;
      press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove(event) {
      if (!press || event.pointerId !== press.pointerId) return;
      const dx = event.clientX - press.x;
      const element = event.currentTarget;
      if (!swiping) {
        const start = SWIPE_START_PX[event.pointerType] ?? 2;
        // Mostly vertical: a scroll, not a swipe.
        if (Math.abs(event.clientY - press.y) > Math.max(start, Math.abs(dx))) press = null;
        if (!press || dx < start) return;
        swiping = true;
        element.setPointerCapture?.(event.pointerId);
        element.style.transition = 'none';
      }
      element.style.transform = `translateX(${Math.max(0, dx)}px)`;
    },
    onPointerUp(event) {
      if (!press || event.pointerId !== press.pointerId) return;
      if (!swiping) {
        press = null;
        return;
      }
      release(event.currentTarget, event.clientX - press.x > TOAST_SWIPE_THRESHOLD_PX);
    },
    onPointerCancel(event) {
      if (press && event.pointerId === press.pointerId) release(event.currentTarget, false);
    },
  };
}
