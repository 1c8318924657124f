import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PillNavItem {
  to: string;
  label: ReactNode;
  current: boolean;
  testId?: string;
}

/**
 * A row of views of one page as links (/comments, /moderation, /messages, /admin-messages): they
 * work without JavaScript, and the current one carries aria-current="page".
 */
export function PillNav({
  label,
  items,
  className = 'mb-6',
  testId,
}: {
  /** The nav landmark's name, for screen readers. */
  label: string;
  items: readonly PillNavItem[];
  className?: string;
  testId?: string;
}) {
  return (
    <nav aria-label={label} className={className} data-testid={testId}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              className="pill-link"
              data-testid={item.testId}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
