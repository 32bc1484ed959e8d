import type { HTMLAttributes } from 'react';

export type IconProps = HTMLAttributes<HTMLSpanElement>;

/**
 * An antd icon drawn from its path data (see icons/), looking as @ant-design/icons draws
 * it: a 1em square in the current colour, set on the text baseline (`.icon` in global.css).
 * Icons here are decoration next to a text or inside a named control, hence hidden from
 * screen readers.
 */
export function defineIcon(name: string, viewBox: string, paths: string[]) {
  function Icon({ className, ...rest }: IconProps) {
    return (
      <span className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`} aria-hidden {...rest}>
        <svg viewBox={viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </span>
    );
  }
  Icon.displayName = name;
  return Icon;
}
