import type { SiteRow } from '../../db/schema';

/** The branding fields of a site (everything its owner may set). */
export type SiteFields = Omit<
  SiteRow,
  | 'id'
  | 'userId'
  | 'createdAt'
  | 'updatedAt'
  | 'imageKeys'
  | 'domainToken'
  | 'domainVerifiedAt'
  | 'domainCheckedAt'
  | 'domainLastError'
  | 'domainProofMissingSince'
  | 'domainLostName'
  | 'domainLostReason'
  | 'domainLostAt'
>;

/**
 * The site every new account starts with: its name is the owner's display name and the colours
 * are a neutral, readable (WCAG AA) palette the owner restyles on /edit-page.
 */
export function siteDefaults(
  displayName: string,
): SiteFields {
  return {
    name: displayName,
    domainName: null,
    description: '',
    imageThumbnail: null,
    imageFullsize: null,
    headerBackgroundColor: '#ffffff',
    headerTextColor: '#111827',
    footerBackgroundColor: '#111827',
    footerTextColor: '#f9fafb',
    headerBranding: 'name',
    backgroundColor: '#f9fafb',
    textColor: '#111827',
    buttonBackgroundColor: '#4f46e5',
    buttonTextColor: '#ffffff',
    fontFamily: 'system-ui',
    fontScale: 1,
    timeZone: 'UTC',
  };
}
