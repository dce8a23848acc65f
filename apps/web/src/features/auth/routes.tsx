import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const ConfirmEmailChangePage = lazyPage(
  () => import('./confirm-email-change-page'),
  (module) => module.ConfirmEmailChangePage,
);
const ForgotPasswordPage = lazyPage(
  () => import('./forgot-password-page'),
  (module) => module.ForgotPasswordPage,
);
const LoginPage = lazyPage(
  () => import('./login-page'),
  (module) => module.LoginPage,
);
const ResetPasswordPage = lazyPage(
  () => import('./reset-password-page'),
  (module) => module.ResetPasswordPage,
);
const SignupPage = lazyPage(
  () => import('./signup-page'),
  (module) => module.SignupPage,
);
const VerifyEmailPage = lazyPage(
  () => import('./verify-email-page'),
  (module) => module.VerifyEmailPage,
);

/** The pages of features/auth/ (app/routes.tsx merges every area's). */
export const authRoutes: readonly AppRoute[] = [
  {
    path: '/auth/login',
    title: t.routes.signIn,
    area: 'auth',
    element: <LoginPage />,
  },
  {
    path: '/auth/signup',
    title: t.routes.createAnAccount,
    area: 'auth',
    element: <SignupPage />,
  },
  {
    path: '/auth/forgot-password',
    title: t.routes.resetYourPassword,
    area: 'auth',
    element: <ForgotPasswordPage />,
  },
  {
    path: '/auth/reset-password',
    title: t.routes.chooseANewPassword,
    area: 'auth',
    element: <ResetPasswordPage />,
  },
  {
    path: '/auth/verify-email',
    title: t.routes.verifyYourEmail,
    area: 'auth',
    element: <VerifyEmailPage />,
  },
  {
    path: '/auth/confirm-email-change',
    title: t.routes.confirmYourNewEmail,
    area: 'auth',
    element: <ConfirmEmailChangePage />,
  },
];
