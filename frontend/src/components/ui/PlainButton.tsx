import type { ButtonHTMLAttributes } from 'react';

export type PlainButtonVariant = 'primary' | 'default' | 'text' | 'filled' | 'outline';
export type PlainButtonSize = 'middle' | 'large';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: PlainButtonVariant;
  size?: PlainButtonSize;
}

/** The classes of a plain button, for a link that should look like one (a page's button block). */
export function plainButtonClass(variant: PlainButtonVariant = 'default', size: PlainButtonSize = 'middle', className?: string): string {
  return ['plain-button', `plain-button-${variant}`, `plain-button-${size}`, className].filter(Boolean).join(' ');
}

/**
 * A native button styled like antd's, for the public pages: antd's Button (with its wave
 * effect and loading states) would add about 6 KiB gzipped to the home page.
 */
export function PlainButton({ variant = 'default', size = 'middle', className, type = 'button', ...rest }: PlainButtonProps) {
  return <button type={type} className={plainButtonClass(variant, size, className)} {...rest} />;
}
