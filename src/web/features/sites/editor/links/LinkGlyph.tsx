import { SocialIcon } from '../../../../components/ui/icons';
import type { LinkIcon } from '../../../../../shared/site-links';

/** Platforms drawn with their own mark (the shared social icons); the rest get a plain symbol. */
const MARKS = new Set<LinkIcon>(['instagram', 'tiktok', 'youtube', 'x']);

const PATHS: Partial<Record<LinkIcon, string>> = {
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone:
    'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
};

/**
 * A link's icon in the editor's rows (decorative: the row says where the link goes in words).
 * The public page draws its own (SiteLinkList).
 */
export function LinkGlyph({ icon, className = 'size-5' }: { icon: LinkIcon; className?: string }) {
  if (MARKS.has(icon))
    return (
      <SocialIcon
        network={icon as 'instagram' | 'tiktok' | 'youtube' | 'x'}
        className={className}
      />
    );
  const path = PATHS[icon];
  if (!path)
    return (
      <span
        aria-hidden="true"
        className={`${className} inline-flex items-center justify-center rounded-full bg-gray-800 text-[0.65rem] font-bold text-white uppercase`}
      >
        {icon.slice(0, 1)}
      </span>
    );
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
