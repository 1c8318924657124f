interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-12 text-base' } as const;

/** "Maya Chen" → "MC": what an avatar shows without a picture. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '');
  return letters.toUpperCase() || '?';
}

/** A round avatar: the image when there is one, else the person's initials. Decorative by default. */
export function Avatar({ name, src, size = 'md', className = '' }: AvatarProps) {
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${SIZES[size]} ${className}`;
  if (src)
    return (
      <img src={src} alt="" className={`${base} object-cover`} loading="lazy" decoding="async" />
    );
  return (
    <span aria-hidden="true" className={`${base} bg-indigo-100 font-semibold text-indigo-800`}>
      {initials(name)}
    </span>
  );
}
