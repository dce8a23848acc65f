import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { FormError } from '../../ui/form-error';
import { formFailure } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { toast } from '../../ui/toast';
import { reviseSubmission, submissionKeys } from './queries';
import { FileUploadCard, MediaFields, ShowFields, showFirstProblem } from './show-fields';
import {
  checkShow,
  revisionPayload,
  revisionValues,
  SUBMISSION_ALIASES,
  SUBMISSION_FORM_FIELDS,
  type SubmissionFormValues,
  type SubmissionRevised,
  type SubmissionStatusAnswer,
} from './submission-model';

/**
 * On the status page, when the station asked for changes or the file never all arrived: the
 * show's fields as sent, and its file or link kept or replaced. Sent, the show goes back to the
 * review queue; a new file follows in resumable pieces, with the link's token as its key.
 */
export function SubmissionRevision({
  token,
  view,
}: {
  token: string;
  view: SubmissionStatusAnswer;
}) {
  const t = messages().submission;
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: submissionKeys.status(token) });
  const finished = () => {
    toast({ severity: 'success', summary: t.newVersionSent });
    void refresh();
  };
  const upload = useResumableUpload(
    { collection: 'submissions', record: view.id, field: 'media' },
    () => {
      setUploading(false);
      finished();
    },
  );
  const form = useRecordForm<SubmissionFormValues, SubmissionRevised>({
    initialValues: () => revisionValues(view),
    validate: (values) => checkShow(values, view),
    save: (values) => reviseSubmission(token, revisionPayload(values)),
    explain: (failure) => formFailure(failure, SUBMISSION_FORM_FIELDS, SUBMISSION_ALIASES),
    onSaved: (answer, values) => {
      if (answer.upload && values.media === 'file' && values.file) {
        upload.start(values.file, {
          target: { collection: 'submissions', record: view.id, field: 'media' },
          uploadToken: answer.upload.token,
        });
        setUploading(true);
      } else finished();
    },
  });
  const { values, errors, set } = form;
  const locked = form.busy || uploading;
  const sent = view.awaitingFile ? '' : view.show.fileName || view.show.mediaUrl;
  // Only the file is missing: say that, rather than "a new version".
  const fileOnly = view.status === 'pending';

  const submit = async (event: FormEvent) => {
    const saved = await form.submit(event);
    if (saved) return;
    showFirstProblem(formRef.current);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t.newVersion}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {fileOnly ? t.sendTheFileAgain : t.newVersion}
          </Title>
          <Text c="dimmed">{fileOnly ? t.sendTheFileAgainHint : t.newVersionHint}</Text>
        </Stack>
        <FormError error={form.formError} />
        {!fileOnly && <ShowFields values={values} errors={errors} set={set} locked={locked} />}
        <MediaFields
          values={values}
          errors={errors}
          set={set}
          locked={locked}
          limits={view}
          sent={sent}
        />
        {uploading && values.file ? (
          <FileUploadCard
            file={values.file}
            upload={upload}
            onCancelled={() => setUploading(false)}
          />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {fileOnly ? t.sendTheFileAgain : t.sendNewVersion}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
