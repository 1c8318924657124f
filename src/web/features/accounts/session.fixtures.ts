import type { SessionUser } from '../../../shared/contracts/accounts';
import type { Site } from '../../../shared/contracts/sites';

/** Unit-test data: a signed-in user and their site exactly as GET /users/me answers them. */
export const sessionUserFixture: SessionUser = {
  _id: 'u1',
  username: 'ann',
  name: 'Ann',
  email: 'ann@example.com',
  role: 'user',
  accountType: 'both',
  bio: '',
  link: '',
  _tags: [],
  image: null,
  plan: null,
  likesCount: 0,
  likesType: 'user',
  stripeUserId: null,
  stripeAccountLink: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

export const siteFixture: Site = {
  _id: 's1',
  updatedAt: '2024-01-01T00:00:00.000Z',
  name: 'Ann’s',
  domainName: null,
  description: '',
  image: null,
  headerBackgroundColor: '#ffffff',
  headerTextColor: '#111827',
  footerBackgroundColor: '#111827',
  footerTextColor: '#f9fafb',
  headerBranding: 'name',
  backgroundColor: '#f9fafb',
  textColor: '#111827',
  buttonBackgroundColor: '#4338ca',
  buttonTextColor: '#ffffff',
  fontFamily: 'system-ui, sans-serif',
  fontScale: 1,
  timeZone: 'UTC',
  username: 'ann',
};
