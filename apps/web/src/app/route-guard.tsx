import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor } from '../lib/next-path';
import { useAuth } from '../lib/use-auth';
import { NotFoundPage } from './not-found-page';
import { isSuperuser, mayOpenDebugPages, type RouteAccess } from './route-access';
import { isHeldForSignOut } from './sign-out-hold';

/**
 * Lets a page render only for those its access allows: a signed-out visitor to a members'
 * page goes to sign in and comes back afterwards (`?next=`); a debug page is the not-found
 * page for anyone but a superuser, outside development builds. Log out keeps the page for its
 * one-second wait before the sign-in page (sign-out-hold.ts). The operator console's pages go to
 * the operator sign-in, and are the not-found page for members.
 */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { isSignedIn, user } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (access === 'members' && !isSignedIn && !isHeldForSignOut()) {
    return <Navigate to={signInPathFor(`${pathname}${search}${hash}`)} replace />;
  }
  if (access === 'superusers') {
    if (!isSignedIn && !isHeldForSignOut()) {
      return (
        <Navigate
          to={`/operator/login?next=${encodeURIComponent(`${pathname}${search}${hash}`)}`}
          replace
        />
      );
    }
    if (!isSuperuser(user)) return <NotFoundPage />;
  }
  if (access === 'debug' && !mayOpenDebugPages(import.meta.env.DEV, isSignedIn ? user : null)) {
    return <NotFoundPage />;
  }
  return children;
}
