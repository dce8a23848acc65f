import { LegalDocument } from './legal-document';

/** The rules for using an Airgrid site. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      lead="These terms apply to everyone who uses this Airgrid site: viewers, producers, station staff and developers using the API."
      related={{ label: 'privacy policy', to: '/privacy' }}
    >
      <h2>The service</h2>
      <p>
        Airgrid is a programme guide and scheduling system. The station or creator that runs this
        site (the organization) uses it to schedule and publish its channels; the organization sets
        its own policies within these terms and is your contact for anything about its channels.
      </p>

      <h2>Accounts</h2>
      <p>
        Give accurate details, keep your password to yourself, and tell the organization if you
        think someone else has used your account. You are responsible for what is done with it. An
        organization decides who its members are and what role each has.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>No content or activity that is illegal where you or the station are.</li>
        <li>
          No content you do not have the rights to, and nothing that harasses or threatens anyone.
        </li>
        <li>
          No attempts to reach another organization&apos;s data, to get around access rules, or to
          disrupt the service, including automated traffic beyond what the API documents.
        </li>
        <li>
          No malware, and no use of the feeds or widgets to mislead viewers about their source.
        </li>
      </ul>

      <h2>Content and producers</h2>
      <p>
        Producers keep the rights to what they make. By submitting a show you confirm you may share
        it and you grant the organization the licence you accepted with the submission, so it can
        schedule, stream, caption and list it in its guide and feeds. Each producer is responsible
        for their content; the organization reviews submissions under its content policy and may
        decline, schedule, move or remove a show.
      </p>

      <h2>Availability</h2>
      <p>
        The organization aims to keep the guide, watch page and feeds available, but the service is
        provided as it is: schedules change, maintenance happens, and live streams depend on sources
        outside Airgrid. There is no promise that any programme will air or stay available.
      </p>

      <h2>Liability</h2>
      <p>
        As far as the law allows, neither the organization nor the makers of Airgrid are liable for
        indirect or consequential loss arising from the use of this site or from a schedule being
        wrong, late or unavailable. Nothing here limits rights you have by law.
      </p>

      <h2>Ending</h2>
      <p>
        You can stop using the site at any time and ask the organization to delete your account. The
        organization may suspend accounts that break these terms.
      </p>

      <h2>Changes</h2>
      <p>
        Changes to these terms are published on this page before they take effect. Using the site
        after that means you accept them.
      </p>
    </LegalDocument>
  );
}
