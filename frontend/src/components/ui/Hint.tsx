import type { ReactNode } from 'react';

/**
 * A tooltip in CSS for screens that should not load antd: shown on hover and on keyboard
 * focus after SPEC §9's 700 ms, hidden at once. The text is also the wrapped control's
 * accessible name or description (set there), so the hint itself is hidden from readers.
 */
export function Hint({ title, placement = 'bottom', children }: { title: string; placement?: 'bottom' | 'right'; children: ReactNode }) {
  return (
    <span className={`hint hint-${placement}`} data-hint={title}>
      {children}
    </span>
  );
}
