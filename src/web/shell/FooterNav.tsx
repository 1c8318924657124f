import { Link } from 'react-router';
import { ListSignupForm } from '../features/outreach/components/ListSignupForm';
import { FOOTER_LINKS } from '../lib/navigation';
import { useBrandName, useRootData } from '../lib/root-data';

/** The footer's links (SPEC §2: Home, About, Contact, Terms, Privacy), shared by every layout. */
export function FooterNav() {
  return (
    <nav aria-label="Footer">
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {FOOTER_LINKS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              data-testid={l.testId}
              className="font-medium text-gray-700 hover:text-gray-950 hover:underline"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "© {year} {brand}" — the year comes from the server render so hydration agrees. */
export function Copyright() {
  const year = useRootData()?.year ?? new Date().getFullYear();
  const brand = useBrandName();
  return (
    <p className="text-sm text-gray-700" data-testid="copyright">
      © {year} {brand}
    </p>
  );
}

/** The newsletter's sign-up in the default footer: a plain form posted to /email-list. */
export function FooterSignup() {
  return (
    <div className="max-w-md text-gray-800">
      <ListSignupForm
        id="newsletter"
        source="footer"
        title={`The ${useBrandName()} newsletter`}
        button="btn btn-secondary"
      />
    </div>
  );
}
