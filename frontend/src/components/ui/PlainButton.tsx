import type { ButtonHTMLAttributes } from 'react';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
}

/**
 * A native button styled like antd's, for the public pages: antd's Button (with its wave
 * effect and loading states) would add about 6 KiB gzipped to the home page.
 */
export function PlainButton({ variant = 'default', size = 'middle', className, type = 'button', ...rest }: PlainButtonProps) {
  const classes = ['plain-button', `plain-button-${variant}`, `plain-button-${size}`, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
