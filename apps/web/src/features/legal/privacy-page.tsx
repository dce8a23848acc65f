import { LegalDocument } from './legal-document';

/** What this product stores about people, and why. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      lead="Airgrid stores what a station needs to plan and publish its schedule, and nothing for advertisers. This page says what that is."
      related={{ label: 'terms of use', to: '/terms' }}
    >
      <h2>Who is responsible</h2>
      <p>
        Each Airgrid site is run by a station or creator (an organization). That organization
        decides what is collected on its site and is responsible for it. Questions, corrections and
        deletion requests go to the organization whose guide, watch page or form you used.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account</strong>: email address, name, and a password kept only as a one-way
          hash. Optionally a username, phone number, bio and photo, and your settings (theme,
          language, clock, notification choices).
        </li>
        <li>
          <strong>Organization data</strong>: the organization&apos;s channels, shows, schedule,
          media, captions, podcasts, ads and campaigns, equipment reservations and member roles,
          entered by its members.
        </li>
        <li>
          <strong>Forms you send</strong>: waitlist entries (email, name, station, note), show
          submissions (your name, email and what you submit) and feedback.
        </li>
        <li>
          <strong>Viewing figures</strong>: which channel, show or widget was watched and for how
          long, under an anonymous session id. These analytics are first-party: they are stored in
          the organization&apos;s own database, and no third-party analytics or advertising script
          runs on Airgrid pages.
        </li>
      </ul>

      <h2>Cookies and local storage</h2>
      <p>
        When you sign in, your browser keeps a sign-in token and a copy of your user record in local
        storage so you stay signed in; signing out removes them. Your colour theme is kept there
        too. Airgrid sets no tracking or advertising cookies.
      </p>

      <h2>How the data is used</h2>
      <p>
        To run the service: to sign you in, to show the schedule and the guide, to publish the feeds
        and widgets the organization turns on, to send the emails you ask for (such as password
        resets and invitations), and to give the organization reports on how its programmes are
        watched. Public channels and their schedules are public by design; your account details are
        not.
      </p>

      <h2>Sharing</h2>
      <p>
        Data is not sold. It is shared only with the services the organization connects to its site,
        such as its mail server, its file storage or a Cablecast system, and only as far as those
        connections need.
      </p>

      <h2>Keeping and deleting</h2>
      <p>
        Data is kept while the account or organization exists. Archived records are kept for the
        period the organization sets and can be restored until then. To have your account or
        submissions deleted, or to get a copy of them, contact the organization that runs the site.
      </p>

      <h2>Changes</h2>
      <p>
        If this policy changes, the new version is published on this page before it takes effect.
      </p>
    </LegalDocument>
  );
}
