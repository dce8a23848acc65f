import { randomBytes } from 'node:crypto';
import {
  isEditorRole,
  MEDIA_MIME_TYPES,
  SUBMISSION_MAX_FILE_BYTES,
  type SubmissionFormView,
  type SubmissionStatusView,
  submissions,
  users,
} from '@airgrid/schema';
import {
  type EndpointParsed,
  NO_MEDIA_MESSAGE,
  type submissionCreate,
  type submissionReview,
  type submissionRevise,
} from '@airgrid/schema/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../auth/mailer.js';
import { ApiError } from '../../errors/api-error.js';
import type { GuestUploads } from '../../files/guest-uploads.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { RequestContext } from '../../request-types.js';
import { decisionMail, receivedMail, statusUrl } from './submission-mail.js';
import type { SubmissionThrottle } from './submission-throttle.js';
import type { SubmissionStation, SubmissionsRepository } from './submissions-repository.js';

// Community producers' submissions (issue 20, items 1 and 2): the public form (or a signed-in
// member) sends a show; the submitter gets a mail with a private status link; staff hear of it
// and approve it into the catalogue, reject it or ask for changes, each decision mailed.

const INVALID = 'An error occurred while validating the submitted data.';
/** The fields the form sends that become the submission's. */
const FORM_FIELDS = [
  'title',
  'description',
  'category',
  'rating',
  'language',
  'durationSec',
  'mediaUrl',
  'submitterName',
  'submitterEmail',
] as const;
/**
 * The show's own fields: what a new version may change (not who sent it), and what the show
 * an approval makes takes from the submission.
 */
const SHOW_FIELDS = [
  'title',
  'description',
  'category',
  'rating',
  'language',
  'durationSec',
  'mediaUrl',
] as const;

/** What the form sends, read by its contract: the show's fields as sent, the file read. */
export type SubmitInput = EndpointParsed<typeof submissionCreate>['body'];
/** A new version, read by its contract. */
export type ReviseInput = EndpointParsed<typeof submissionRevise>['body'];
/** A decision and its note, read by their contract. */
export type ReviewInput = EndpointParsed<typeof submissionReview>['body'];

const NOT_KNOWN = 'This status link is not known: check it against your mail.';

/** A status link's token as the form hands them out (24 random bytes, base64url). */
function tokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,64}$/.test(token);
}

/** Whether the submitter may send a new version: changes were asked, or the file is missing. */
function revisable(found: { status: string; awaitingFile: unknown }): boolean {
  return found.status === 'changes' || (found.status === 'pending' && Boolean(found.awaitingFile));
}

export interface SubmissionNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'task'; path: string },
  ): Promise<void>;
}

export class SubmissionService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: SubmissionsRepository,
    private readonly throttle: SubmissionThrottle,
    private readonly mailer: Mailer,
    private readonly notifier: SubmissionNotifier,
    private readonly appUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What the public form shows: the station, its licence and policy, the file limits. */
  async form(key: string): Promise<SubmissionFormView> {
    const found = await this.repository.station(key.trim());
    if (!found) throw new ApiError(404, 'There is no station by that name taking submissions.');
    const { licence, policy, ...station } = found;
    return {
      station,
      licence,
      policy,
      maxFileBytes: SUBMISSION_MAX_FILE_BYTES,
      fileTypes: [...MEDIA_MIME_TYPES],
    };
  }

  /**
   * The form: answers the submission's id, status and private status link, and for a file
   * the token its resumable upload carries (the file's bytes follow; the submission is
   * announced when they are all in).
   */
  async submit(body: SubmitInput, request: RequestContext, address: string) {
    const station = await this.repository.station(body.station);
    if (!station) throw new ApiError(404, 'There is no station by that name taking submissions.');
    // The honeypot: a field people never see, that form-filling robots fill. They are told
    // all went well, and nothing is kept.
    if (body.robot) return { id: '', status: 'pending' as const, statusUrl: '' };
    const file = body.file;
    const values: Record<string, unknown> = {};
    for (const field of FORM_FIELDS) if (body[field] !== undefined) values[field] = body[field];
    // A member of this station signed in submits as themselves.
    const auth = request.auth;
    if (auth?.collection.name === users.name && auth.record.organization === station.id) {
      values.submitter = auth.record.id;
      values.submitterName ||= auth.record.name;
      values.submitterEmail ||= auth.record.email;
    }
    const token = randomBytes(24).toString('base64url');
    // The address's slot is taken before the submission is made, so parallel forms cannot all
    // pass; one the record engine refuses gives it back.
    const saved = await this.throttle.hold(address, () =>
      this.records.create(
        submissions.name,
        {
          ...values,
          organization: station.id,
          licenceAccepted: true,
          policyAccepted: true,
          status: 'pending',
          statusToken: token,
          awaitingFile: file !== null,
        },
        serverRequest('POST'),
      ),
    );
    const answer = {
      id: String(saved.id),
      status: 'pending' as const,
      statusUrl: statusUrl(this.appUrl, token),
    };
    if (file) return { ...answer, upload: { token } };
    await this.announce(saved, station);
    return answer;
  }

  /**
   * The guests' side of a file submission's resumable upload: the status token stands for a
   * sign-in while the submission waits for its file; its last byte announces the submission.
   */
  guestUploads(): GuestUploads {
    return {
      collection: submissions.name,
      field: 'media',
      allows: (id, token) => this.repository.awaitsFile(id, token),
      // The claim is the wait itself: the submission stops waiting as its one file is saved.
      claim: (id, token) => this.repository.claimFile(id, token),
      release: (id) => this.repository.releaseFile(id),
      changesOnFinish: { awaitingFile: false },
      finished: async (id) => {
        const saved = await this.records.findRecord(submissions, id);
        const station = saved && (await this.repository.station(String(saved.organization)));
        if (saved && station) await this.announce(saved, station);
      },
    };
  }

  /**
   * A submission (or its new version) is in: the submitter is mailed its status link, staff
   * are told. One the station reviewed before carries its note: that is a new version.
   */
  private async announce(saved: Record<string, unknown>, station: SubmissionStation) {
    const newVersion = String(saved.reviewNote ?? '') !== '';
    this.send(
      receivedMail(
        {
          to: String(saved.submitterEmail),
          name: String(saved.submitterName),
          title: String(saved.title),
          station: station.name,
          statusUrl: statusUrl(this.appUrl, String(saved.statusToken)),
        },
        newVersion,
      ),
    );
    for (const userId of await this.repository.staff(station.id)) {
      await this.notifier.notify(userId, {
        title: `${newVersion ? 'New version' : 'New submission'}: “${String(saved.title)}”`,
        body: `From ${String(saved.submitterName)}. Review it with the shows.`,
        type: 'task',
        path: `/shows/submissions?submission=${String(saved.id)}`,
      });
    }
  }

  /** What the private status link shows. */
  async statusOf(token: string): Promise<SubmissionStatusView> {
    const found = tokenShaped(token) ? await this.repository.byToken(token) : undefined;
    if (!found) throw new ApiError(404, NOT_KNOWN);
    return {
      id: found.id,
      title: found.title,
      station: found.station,
      status: found.status as SubmissionStatusView['status'],
      reviewNote: found.reviewNote,
      submitted: found.created,
      updated: found.updated,
      awaitingFile: Boolean(found.awaitingFile),
      canRevise: revisable(found),
      show: {
        description: found.description,
        category: found.category,
        rating: found.rating,
        language: found.language,
        durationSec: Number(found.durationSec) || 0,
        mediaUrl: found.mediaUrl,
        fileName: found.awaitingFile ? '' : found.media,
      },
      maxFileBytes: SUBMISSION_MAX_FILE_BYTES,
      fileTypes: [...MEDIA_MIME_TYPES],
    };
  }

  /** The submission a status link names, when it may take a new version (else 404 or 400). */
  async requireRevisable(token: string) {
    const found = tokenShaped(token) ? await this.repository.byToken(token) : undefined;
    if (!found) throw new ApiError(404, NOT_KNOWN);
    if (!revisable(found))
      throw new ApiError(
        400,
        found.status === 'pending'
          ? 'The station has not reviewed this submission yet: wait for its answer before sending a new version.'
          : `This submission was already ${found.status}: it can no longer be changed.`,
      );
    return found;
  }

  /**
   * A new version through the status link, when the station asked for changes or the file is
   * missing: the show's fields, and a new file (its upload follows, as on the form), a new link,
   * or neither (the one sent stays). It goes back to the review queue; staff hear of it.
   */
  async revise(token: string, body: ReviseInput) {
    const found = await this.requireRevisable(token);
    const file = body.file;
    const link = typeof body.mediaUrl === 'string' ? body.mediaUrl.trim() : '';
    // Neither a file nor a link: the one sent stays, when there is one.
    if (!file && !link && !found.media && !found.mediaUrl)
      throw new ApiError(400, INVALID, {
        mediaUrl: {
          code: 'validation_required',
          message: NO_MEDIA_MESSAGE,
        },
      });
    // No rate limit: each new version that staff hear of answers a review of theirs.
    const values: Record<string, unknown> = { status: 'pending' };
    for (const field of SHOW_FIELDS) if (body[field] !== undefined) values[field] = body[field];
    values.awaitingFile = file !== null;
    // A link instead of the file sent: the file goes, and what was read of it.
    if (!file && link && found.media) Object.assign(values, { media: '', mediaInfo: {} });
    const saved = await this.records.update(
      submissions.name,
      found.id,
      values,
      serverRequest('PATCH'),
    );
    if (file) return { id: found.id, status: 'pending' as const, upload: { token } };
    const station = await this.repository.station(found.organization);
    if (station) await this.announce(saved, station);
    return { id: found.id, status: 'pending' as const };
  }

  /** Reviewing is for staff (editors and above) of the station: answers its id. */
  requireStaff(request: RequestContext): string {
    const auth = request.auth;
    const organization =
      auth?.collection.name === users.name ? String(auth.record.organization ?? '') : '';
    if (!organization)
      throw new ApiError(401, 'Sign in as staff of the station to review submissions.');
    if (!isEditorRole(auth?.record.role))
      throw new ApiError(403, 'Only staff (editors and above) review submissions.');
    return organization;
  }

  /** Staff decide: approve (a show is made from it), reject or ask for changes, with a note. */
  async review(id: string, { decision, note }: ReviewInput, request: RequestContext) {
    const organization = this.requireStaff(request);
    const submission = await this.records.findRecord(submissions, id);
    if (!submission || submission.organization !== organization) throw new ApiError(404);
    if (submission.status === 'approved' || submission.status === 'rejected')
      throw new ApiError(400, `This submission was already ${String(submission.status)}.`);
    if (decision === 'approve' && submission.awaitingFile)
      throw new ApiError(
        400,
        'The show’s file has not all arrived yet: approve it once the upload has finished.',
      );
    const updated = await this.records.transaction(async (records) => {
      const changes: Record<string, unknown> = {
        status: { approve: 'approved', reject: 'rejected', changes: 'changes' }[decision],
        reviewNote: note,
      };
      if (decision === 'approve') {
        const show: Record<string, unknown> = { organization, status: 'ready' };
        for (const field of SHOW_FIELDS) show[field] = submission[field];
        show.producerName = submission.submitterName;
        if (submission.submitter) show.producer = submission.submitter;
        changes.show = (await records.create('shows', show, serverRequest('POST'))).id;
      }
      return records.update(submissions.name, id, changes, serverRequest('PATCH'));
    });
    this.send(
      decisionMail(
        {
          to: String(submission.submitterEmail),
          name: String(submission.submitterName),
          title: String(submission.title),
          station: await this.repository.stationName(organization),
          statusUrl: statusUrl(this.appUrl, String(submission.statusToken)),
        },
        decision,
        note,
      ),
    );
    const { statusToken: _token, ...shown } = updated;
    return shown;
  }

  /** Mails without holding the request: a slow mail server is logged, not waited for. */
  private send(message: MailMessage) {
    this.mailer.send(message).catch((error: unknown) => {
      this.log.error({ err: error, to: message.to }, 'submission mail could not be sent');
    });
  }
}
