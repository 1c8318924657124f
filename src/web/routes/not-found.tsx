import { data } from 'react-router';
import { MESSAGES } from '../../shared/messages';

/** Any path no route matches: 404 'This page could not be found' (SPEC §2). */
export function loader() {
  throw data(MESSAGES.pageNotFound, { status: 404 });
}

export default function NotFound() {
  return null;
}
