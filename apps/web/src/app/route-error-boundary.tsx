import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';
import { describeRouteError } from './route-error';

/** The router's `errorElement`: a route that threw shows the error page instead. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { statusCode, message } = describeRouteError(error, pathname, search);

  useEffect(() => {
    if (statusCode >= 500) console.error(error);
  }, [error, statusCode]);

  return <ErrorPage statusCode={statusCode} message={message} />;
}
