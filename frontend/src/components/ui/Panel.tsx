import type { HTMLAttributes, ReactNode } from 'react';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  /** An image across the top, like a card cover. */
  cover?: ReactNode;
  /** `div` when the panel takes a role of its own (a card that is a button). */
  as?: 'section' | 'div';
}

/**
 * A bordered surface with an optional header. The public pages use it instead of antd's
 * Card, which pulls in Tabs, Menu and the form runtime (about 15 KiB gzipped) that the
 * home page would otherwise download.
 */
export function Panel({ title, extra, cover, className, children, as: Element = 'section', ...rest }: PanelProps) {
  return (
    <Element className={className ? `panel ${className}` : 'panel'} {...rest}>
      {cover && <div className="panel-cover">{cover}</div>}
      {(title || extra) && (
        <header className="panel-header">
          {title && <h2 className="panel-title">{title}</h2>}
          {extra}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </Element>
  );
}
