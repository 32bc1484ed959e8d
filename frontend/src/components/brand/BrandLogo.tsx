/** The team mark: a crosshair in a shield, drawn inline so it needs no request. */
export function BrandLogo({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <defs>
        <linearGradient id="brand-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f43f5e" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <path d="M32 3 56 12v18c0 15-10 26-24 31C18 56 8 45 8 30V12Z" fill="url(#brand-logo-gradient)" />
      <circle cx="32" cy="31" r="12" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M32 13v10M32 39v10M14 31h10M40 31h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="31" r="3" fill="#fff" />
    </svg>
  );
}
