import type { ReactNode } from 'react';
import './controls.css';

/**
 * A small label drawn like antd's preset tags (success green, error red, gold), for screens that do
 * not load antd. Colours come from controls.css in both themes, at 4.5:1 or more.
 */
export function Tag({ tone, icon, children }: { tone: 'success' | 'error' | 'gold'; icon?: ReactNode; children: ReactNode }) {
  return (
    <span className={`plain-tag plain-tag-${tone}`}>
      {icon && <span aria-hidden>{icon}</span>}
      {children}
    </span>
  );
}
