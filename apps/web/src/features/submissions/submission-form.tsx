import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { FormError } from '../../ui/form-error';
import { formFailure } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { createSubmission } from './queries';
import { FileUploadCard, MediaFields, ShowFields, showFirstProblem } from './show-fields';
import { StationText } from './station-text';
import { SubmissionConfirmation } from './submission-confirmation';
import {
  checkSubmission,
  newSubmissionValues,
  SUBMISSION_ALIASES,
  SUBMISSION_FORM_FIELDS,
  type SubmissionCreated,
  type SubmissionFormInfo,
  type SubmissionFormValues,
  submissionPayload,
  textMax,
} from './submission-model';

/** Hidden from people, kept from layout, reachable by no key: only a robot fills it. */
const HONEYPOT_STYLE = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
} as const;

type Phase = 'form' | 'uploading' | 'done';

/**
 * The public submission form for one station: the show, the file (sent in resumable pieces
 * once the submission is made) or a link, the producer, and the station's licence and content
 * policy to accept. A member of the station signed in submits as themselves.
 */
export function SubmissionForm({ info }: { info: SubmissionFormInfo }) {
  const t = messages().submission;
  const honeypotId = useId();
  const { isSignedIn, user } = useAuth();
  const member = isSignedIn && user?.organization === info.station.id;
  const [phase, setPhase] = useState<Phase>('form');
  const [created, setCreated] = useState<SubmissionCreated | null>(null);
  const upload = useResumableUpload({ collection: 'submissions', record: '', field: 'media' }, () =>
    setPhase('done'),
  );
  const form = useRecordForm<SubmissionFormValues, SubmissionCreated>({
    initialValues: () =>
      newSubmissionValues(
        isSignedIn ? { name: String(user?.name ?? ''), email: String(user?.email ?? '') } : {},
      ),
    validate: (values) => checkSubmission(values, info),
    save: (values) => createSubmission(submissionPayload(values, info.station.id)),
    explain: (failure) => {
      const { errors, formError } = formFailure(
        failure,
        SUBMISSION_FORM_FIELDS,
        SUBMISSION_ALIASES,
      );
      // A file refused for its size or type (413, 400) is said under the file.
      const status = (failure as { status?: number }).status;
      if (status === 413 && Object.keys(errors).length === 0 && formError)
        return { errors: { file: formError }, formError: null };
      return { errors, formError };
    },
    onSaved: (answer, values) => {
      setCreated(answer);
      if (answer.upload && values.media === 'file' && values.file) {
        upload.start(values.file, {
          target: { collection: 'submissions', record: answer.id, field: 'media' },
          uploadToken: answer.upload.token,
        });
        setPhase('uploading');
      } else setPhase('done');
    },
  });
  const { values, errors, set } = form;
  const locked = form.busy || phase !== 'form';
  const formRef = useRef<HTMLFormElement>(null);
  const uploadRef = useRef<HTMLDivElement>(null);
  // The upload's progress shows below the form: it is brought into view as it starts.
  // The confirmation replaces the form: it is read from its top.
  useEffect(() => {
    if (phase === 'uploading') uploadRef.current?.scrollIntoView({ block: 'center' });
    if (phase === 'done') window.scrollTo({ top: 0 });
  }, [phase]);
  // A long form: a problem far above the button is brought into view, its field focused.
  const submit = async (event: FormEvent) => {
    const saved = await form.submit(event);
    if (saved) return;
    showFirstProblem(formRef.current);
  };

  if (phase === 'done') {
    return (
      <SubmissionConfirmation
        title={values.title.trim()}
        station={info.station.name}
        email={values.submitterEmail.trim()}
        statusUrl={created?.statusUrl ?? ''}
        onAnother={() => {
          upload.reset();
          setCreated(null);
          form.reset(
            newSubmissionValues({ name: values.submitterName, email: values.submitterEmail }),
          );
          setPhase('form');
        }}
      />
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t.submitAShowTo(info.station.name)}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t.submitAShowTo(info.station.name)}
          </Title>
          <Text c="dimmed">{t.intro}</Text>
        </Stack>
        <FormError error={form.formError} />
        <ShowFields values={values} errors={errors} set={set} locked={locked} />
        <MediaFields values={values} errors={errors} set={set} locked={locked} limits={info} />

        <SectionCard title={t.you}>
          {member && (
            <Alert color="blue" variant="light" role="note">
              {t.signedInAs(values.submitterName || values.submitterEmail)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t.yourName}
              required
              autoComplete="name"
              maxLength={textMax('submitterName')}
              value={values.submitterName}
              onChange={(event) => set({ submitterName: event.currentTarget.value })}
              error={errors.submitterName}
              readOnly={locked || member}
            />
            <TextInput
              label={t.yourEmail}
              description={t.emailHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              type="email"
              autoComplete="email"
              value={values.submitterEmail}
              onChange={(event) => set({ submitterEmail: event.currentTarget.value })}
              error={errors.submitterEmail}
              readOnly={locked || member}
            />
          </SimpleGrid>
        </SectionCard>

        <SectionCard title={t.licenceAndPolicy}>
          <StationText
            title={t.licence}
            text={info.licence}
            empty={t.noLicence}
            accept={t.acceptLicence}
            checked={values.licenceAccepted}
            onChange={(licenceAccepted) => set({ licenceAccepted })}
            error={errors.licenceAccepted}
            disabled={locked}
          />
          <StationText
            title={t.contentPolicy}
            text={info.policy}
            empty={t.noPolicy}
            accept={t.acceptPolicy}
            checked={values.policyAccepted}
            onChange={(policyAccepted) => set({ policyAccepted })}
            error={errors.policyAccepted}
            disabled={locked}
          />
        </SectionCard>

        <div aria-hidden="true" style={HONEYPOT_STYLE}>
          <label htmlFor={honeypotId}>{t.honeypot}</label>
          <input
            id={honeypotId}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => set({ website: event.currentTarget.value })}
          />
        </div>

        {phase === 'uploading' && values.file ? (
          <div ref={uploadRef}>
            <FileUploadCard
              file={values.file}
              upload={upload}
              onCancelled={() => setPhase('form')}
            />
          </div>
        ) : (
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={form.busy}>
              {t.submit}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
