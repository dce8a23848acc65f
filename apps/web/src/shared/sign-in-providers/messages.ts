// The English UI strings of shared/sign-in-providers/: its slice of the catalog, merged by i18n/en.ts.

export const signInProvidersMessages = {
  or: 'or',
  continueWith: (provider: string) => `Continue with ${provider}`,
  popupBlocked:
    'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  didNotSignYouIn: (provider: string) =>
    `${provider} did not sign you in. Try again, or use your email and password.`,
  interrupted: 'The connection to Airgrid was interrupted during sign-in. Try again.',
  didNotFinish: 'The sign-in did not finish. Try again.',
  signInMethods: 'Sign-in methods',
  explanation:
    'Sign in with these as well as your email and password. An account made with a provider has no password yet: set one with “Forgot your password?” on the sign-in page.',
  linked: 'Linked',
  notLinked: 'Not linked',
  link: 'Link to your show',
  unlink: 'Unlink',
  linkProvider: (provider: string) => `Link ${provider}`,
  unlinkProvider: (provider: string) => `Unlink ${provider}`,
  methodLinked: 'Sign-in method linked',
  providerUnlinked: (provider: string) => `${provider} unlinked`,
};
