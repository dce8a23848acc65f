import { messages } from '../../i18n/messages';
import { LegalDocument } from './legal-document';

/** The rules for using an Airgrid site. */
export function TermsPage() {
  const t = messages();
  return (
    <LegalDocument
      title={t.legal.termsOfUseTitle}
      lead={t.legal.theseTermsApplyToEveryone}
      related={{ label: t.legal.privacyPolicyLink, to: '/privacy' }}
    >
      <h2>{t.legal.theService}</h2>
      <p>{t.legal.airgridIsAProgrammeGuide}</p>

      <h2>{t.legal.accounts}</h2>
      <p>{t.legal.giveAccurateDetailsKeepYour}</p>

      <h2>{t.legal.acceptableUse}</h2>
      <ul>
        <li>{t.legal.noContentOrActivityThat}</li>
        <li>{t.legal.noContentYouDoNot}</li>
        <li>{t.legal.noAttemptsToReachAnother}</li>
        <li>{t.legal.noMalwareAndNoUse}</li>
      </ul>

      <h2>{t.legal.contentAndProducers}</h2>
      <p>{t.legal.producersKeepTheRightsTo}</p>

      <h2>{t.legal.availability}</h2>
      <p>{t.legal.theOrganizationAimsToKeep}</p>

      <h2>{t.legal.liability}</h2>
      <p>{t.legal.asFarAsTheLaw}</p>

      <h2>{t.legal.ending}</h2>
      <p>{t.legal.youCanStopUsingThe}</p>

      <h2>{t.legal.changes}</h2>
      <p>{t.legal.changesToTheseTermsAre}</p>
    </LegalDocument>
  );
}
