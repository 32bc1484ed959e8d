import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTooltipTiming } from './tooltip-timing';
import './hint.css';

/**
 * A CSS-drawn tooltip for screens that should not load antd. On hover it opens with docs/product.md#constants-and-limits's
 * timing (700 ms, or at once inside the 300 ms skip window: tooltip-timing.ts) and hides at
 * once; on keyboard focus the CSS shows it after 700 ms. Touch does not open it, as a tap is
 * no hover. The text is also the wrapped control's accessible name or description (set
 * there), so the hint itself is hidden from readers.
 */
export function Hint({
  title,
  placement = 'bottom',
  wide = false,
  children,
}: {
  title: string;
  placement?: 'bottom' | 'right';
  /** A sentence rather than a label: wrapped in a box of its own width, drawn only while open. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { openDelayMs, onOpenChange } = useTooltipTiming();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  const show = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    clearTimeout(timer.current);
    if (openDelayMs === 0) change(true);
    else timer.current = setTimeout(() => change(true), openDelayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    change(false);
  };

  return (
    <span className={`hint hint-${placement}${wide ? ' hint-wide' : ''}`} data-hint={title} data-open={open || undefined} onPointerEnter={show} onPointerLeave={hide}>
      {children}
    </span>
  );
}
