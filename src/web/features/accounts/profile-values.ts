import { BIO_MAX } from '../../../shared/contracts/account-rules';

export interface ProfileFormValues {
  name: string;
  bio: string;
  link: string;
  tags: string[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The profile form's starting values from the signed-in user (fields may be missing). */
export function profileFormValues(user: Record<string, unknown>): ProfileFormValues {
  const tags = Array.isArray(user._tags)
    ? user._tags.filter((t): t is string => typeof t === 'string')
    : [];
  return { name: str(user.name), bio: str(user.bio), link: str(user.link), tags };
}

/** "12 characters left" / "3 characters too many" under the bio. */
export function bioCounter(bio: string, max: number = BIO_MAX): string {
  const left = max - bio.length;
  if (left >= 0) return `${left} ${left === 1 ? 'character' : 'characters'} left`;
  const over = -left;
  return `${over} ${over === 1 ? 'character' : 'characters'} too many`;
}
