// The English UI strings of features/waitlist/: its slice of the catalog, merged by i18n/en.ts.

export const waitlistMessages = {
  youReOnTheList: "You're on the list",
  thanks: (name: string, email: string) =>
    `Thanks${name ? `, ${name}` : ''}! We'll write to ${email} when a place opens up.`,
  backToTheHomePage: 'Back to the home page',
  joinTheWaitlist: 'Join the waitlist',
  tellUsAboutYourStation: "Tell us about your station and we'll be in touch.",
  emailAddress: 'Email address',
  name: 'Name',
  station: 'Station',
  note: 'Note',
};
