import { Link } from 'react-router';
import { useBrandName } from '../lib/root-data';
import { LogoMark } from '../components/ui/icons';

/** The brand mark and name, linking to `to` (the default layout links it to /all-posts). */
export function Logo({ to = '/all-posts' }: { to?: string }) {
  const brand = useBrandName();
  return (
    <Link
      to={to}
      prefetch="intent"
      data-testid="header-logo"
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-gray-900"
    >
      <LogoMark />
      <span className="max-[24rem]:sr-only">{brand}</span>
    </Link>
  );
}
