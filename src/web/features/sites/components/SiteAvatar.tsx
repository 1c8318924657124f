import { initials } from '../../../components/ui/Avatar';

/**
 * The owner's picture at a fixed size (width and height reserve its box: no layout shift), or their
 * initials. Decorative: the name is always written beside it. `priority` for the page's largest
 * picture above the fold (fetched first, never lazily).
 */
export function SiteAvatar({
  name,
  image,
  size,
  priority = false,
}: {
  name: string;
  image: { thumbnail: string } | null;
  size: number;
  priority?: boolean;
}) {
  const box = { width: size, height: size };
  if (image)
    return (
      <img
        src={image.thumbnail}
        alt=""
        {...box}
        style={box}
        className="site-avatar"
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    );
  return (
    <span aria-hidden="true" style={{ ...box, fontSize: size / 2.75 }} className="site-avatar">
      {initials(name)}
    </span>
  );
}
