import { ANALYTICS_BEAT_SEC, ANALYTICS_RETENTION } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { LegalDocument } from './legal-document';

/** What this product stores about people, and why. */
export function PrivacyPage() {
  const t = messages();
  return (
    <LegalDocument
      title={t.legal.privacyPolicy}
      lead={t.legal.airgridStoresWhatAStation}
      related={{ label: t.legal.termsOfUse, to: '/terms' }}
    >
      <h2>{t.legal.whoIsResponsible}</h2>
      <p>{t.legal.eachAirgridSiteIsRun}</p>

      <h2>{t.legal.whatWeStore}</h2>
      <ul>
        <li>
          <strong>{t.legal.yourAccount}</strong>
          {t.legal.emailAddressNameAndA}
        </li>
        <li>
          <strong>{t.legal.organizationData}</strong>
          {t.legal.theOrganizationSChannelsShows}
        </li>
        <li>
          <strong>{t.legal.formsYouSend}</strong>
          {t.legal.waitlistEntriesEmailNameStation}
        </li>
        <li>
          <strong>{t.legal.viewingFigures}</strong>
          {t.legal.whichChannelShowOrWidget}
        </li>
        <li>
          <strong>{t.legal.requestLogs}</strong>
          {t.legal.forEachRequestToTheServer}
        </li>
      </ul>

      <h2>{t.legal.howViewingIsMeasured}</h2>
      <p>{t.legal.whatAPlayerSends(ANALYTICS_BEAT_SEC)}</p>
      <p>{t.legal.whatTheServerKeeps}</p>
      <p>{t.legal.doNotTrackHonoured}</p>
      <p>
        {t.legal.viewingKeptFor(ANALYTICS_RETENTION.rawDays, ANALYTICS_RETENTION.fiveMinuteDays)}
      </p>

      <h2>{t.legal.cookiesAndLocalStorage}</h2>
      <p>{t.legal.whenYouSignInYour}</p>

      <h2>{t.legal.howTheDataIsUsed}</h2>
      <p>{t.legal.toRunTheServiceTo}</p>

      <h2>{t.legal.sharing}</h2>
      <p>{t.legal.dataIsNotSoldIt}</p>

      <h2>{t.legal.keepingAndDeleting}</h2>
      <p>{t.legal.dataIsKeptWhileThe}</p>

      <h2>{t.legal.changes}</h2>
      <p>{t.legal.ifThisPolicyChangesThe}</p>
    </LegalDocument>
  );
}
