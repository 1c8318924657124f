import { data } from 'react-router';
import { MESSAGES } from '../../shared/messages';

/** /404: the page-not-found page, served with status 404 (rendered by the layout's error boundary). */
export function loader() {
  throw data(MESSAGES.pageNotFound, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}
