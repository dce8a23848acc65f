import { useLocation } from 'react-router';
import { ErrorPage } from './error-page';
import { notFoundMessage } from './route-error';

/** What an unknown path renders: the 404 page naming the path. */
export function NotFoundPage() {
  const { pathname, search } = useLocation();
  return <ErrorPage statusCode={404} message={notFoundMessage(pathname, search)} />;
}
