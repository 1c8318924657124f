import { Link } from 'react-router';
import type { Route } from './+types/careers';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Careers', 'Help creators and small sellers make a living online.');

const ROLES = [
  {
    title: 'Senior Full-Stack Engineer (TypeScript)',
    team: 'Product engineering',
    where: 'Remote, Europe or Americas',
  },
  { title: 'Product Designer', team: 'Design', where: 'Remote' },
  { title: 'Trust & Safety Specialist', team: 'Community', where: 'Remote, Europe' },
  { title: 'Creator Success Manager', team: 'Growth', where: 'Remote, Americas' },
];

export default function CareersPage() {
  const brand = useBrandName();
  return (
    <article data-testid="careers-page">
      <PageHeader
        title={`Careers at ${brand}`}
        description="We are a small, remote team building the simplest way for creators to sell to their followers. Come build it with us."
      />
      <Prose>
        <h2>How we work</h2>
        <ul>
          <li>
            Remote first, with a few hours of overlap each day and written decisions everyone can
            read.
          </li>
          <li>Small teams that own a problem from the first sketch to the support tickets.</li>
          <li>We talk to sellers every week — every one of us, not just the support team.</li>
          <li>
            Competitive pay, equipment of your choice, a learning budget and 30 days of paid leave.
          </li>
        </ul>
        <h2>Open roles</h2>
      </Prose>
      <ul className="mt-4 max-w-3xl divide-y divide-gray-200 rounded-xl border border-gray-200">
        {ROLES.map((r) => (
          <li
            key={r.title}
            className="flex flex-col gap-1 p-4 md:flex-row md:items-center md:justify-between"
          >
            <div>
              <h3 className="font-semibold text-gray-950">{r.title}</h3>
              <p className="text-sm text-gray-700">
                {r.team} · {r.where}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Prose>
        <h2>How to apply</h2>
        <p>
          Send us a short note about yourself and something you built or shipped through our{' '}
          <Link to="/contact">contact page</Link>, with the role in the subject. We answer every
          application within two weeks. No cover letters needed.
        </p>
      </Prose>
    </article>
  );
}
