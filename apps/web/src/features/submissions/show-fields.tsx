import { formatBytes } from '@airgrid/domain';
import {
  FileInput,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { UploadProgress } from '../../shared/uploads/upload-progress';
import type { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { SectionCard } from '../../ui/section-card';
import {
  acceptAttribute,
  type MediaChoice,
  type SubmissionFormInfo,
  type SubmissionFormValues,
  textMax,
} from './submission-model';

// The show's part of a submission, shared by the public form and a new version sent from the
// status link: what the show is, and how it comes (a file, a link, or the one sent before).

interface ShowPartProps {
  values: SubmissionFormValues;
  errors: Record<string, string | undefined>;
  set: (changes: Partial<SubmissionFormValues>) => void;
  locked: boolean;
}

/** Title, description, category, running time, rating and language. */
export function ShowFields({ values, errors, set, locked }: ShowPartProps) {
  const t = messages().submission;
  return (
    <SectionCard title={t.aboutTheShow}>
      <TextInput
        label={t.title}
        required
        maxLength={textMax('title')}
        value={values.title}
        onChange={(event) => set({ title: event.currentTarget.value })}
        error={errors.title}
        readOnly={locked}
      />
      <Textarea
        label={t.description}
        description={t.descriptionHint}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={textMax('description')}
        value={values.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={errors.description}
        readOnly={locked}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t.category}
          placeholder={t.eGNews}
          maxLength={textMax('category')}
          value={values.category}
          onChange={(event) => set({ category: event.currentTarget.value })}
          error={errors.category}
          readOnly={locked}
        />
        <TextInput
          label={t.runningTime}
          description={t.runningTimeHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="0:30"
          value={values.duration}
          onChange={(event) => set({ duration: event.currentTarget.value })}
          error={errors.duration}
          readOnly={locked}
        />
        <TextInput
          label={t.rating}
          placeholder={t.eGTvG}
          maxLength={textMax('rating')}
          value={values.rating}
          onChange={(event) => set({ rating: event.currentTarget.value })}
          error={errors.rating}
          readOnly={locked}
        />
        <TextInput
          label={t.language}
          placeholder={t.eGEn}
          maxLength={textMax('language')}
          value={values.language}
          onChange={(event) => set({ language: event.currentTarget.value })}
          error={errors.language}
          readOnly={locked}
        />
      </SimpleGrid>
    </SectionCard>
  );
}

/**
 * How the show comes: a file (its bytes follow in resumable pieces) or a link; with `sent`
 * (the file's name or the link sent before), keeping that one is offered first.
 */
export function MediaFields({
  values,
  errors,
  set,
  locked,
  limits,
  sent,
}: ShowPartProps & {
  limits: Pick<SubmissionFormInfo, 'maxFileBytes' | 'fileTypes'>;
  sent?: string;
}) {
  const t = messages().submission;
  return (
    <SectionCard title={t.theShow}>
      <Radio.Group
        label={t.howDoYouSendIt}
        value={values.media}
        onChange={(media) => set({ media: media as MediaChoice })}
        readOnly={locked}
      >
        <Group gap="lg" mt={6}>
          {sent && <Radio value="keep" label={t.keepTheOneSent} />}
          <Radio value="file" label={sent ? t.uploadANewFile : t.uploadAFile} />
          <Radio value="link" label={sent ? t.giveANewLink : t.giveALink} />
        </Group>
      </Radio.Group>
      {values.media === 'keep' && sent && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t.sentBefore}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {sent}
          </Text>
        </Stack>
      )}
      {values.media === 'file' && (
        <FileInput
          label={t.file}
          description={t.fileHint(formatBytes(limits.maxFileBytes))}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.chooseAFile}
          leftSection={<IconUpload size={16} aria-hidden />}
          accept={acceptAttribute(limits.fileTypes)}
          clearable={!locked}
          value={values.file}
          onChange={(file) => set({ file })}
          error={errors.file}
          readOnly={locked}
        />
      )}
      {values.media === 'link' && (
        <TextInput
          label={t.link}
          description={t.linkHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.linkPlaceholder}
          type="url"
          value={values.mediaUrl}
          onChange={(event) => set({ mediaUrl: event.currentTarget.value })}
          error={errors.mediaUrl}
          readOnly={locked}
        />
      )}
    </SectionCard>
  );
}

/** The file on its way: its progress, pause, resume and cancel, and what to do if it stops. */
export function FileUploadCard({
  file,
  upload,
  onCancelled,
}: {
  file: File;
  upload: ReturnType<typeof useResumableUpload>;
  onCancelled: () => void;
}) {
  const t = messages().submission;
  return (
    <SectionCard title={t.uploadingTitle}>
      <Text size="sm" c="dimmed">
        {t.uploadingHint}
      </Text>
      <UploadProgress
        name={file.name}
        state={upload.state}
        onPause={upload.pause}
        onResume={upload.resume}
        onCancel={async () => {
          await upload.cancel();
          onCancelled();
        }}
      />
      {upload.state.status === 'failed' && (
        <Text size="sm" c="dimmed">
          {t.uploadStopped}
        </Text>
      )}
    </SectionCard>
  );
}

/**
 * After a form was held back: its first problem (a field or the form's alert) brought into
 * view on the next frame, once drawn, and a field focused.
 */
export function showFirstProblem(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    if (first.matches('input, textarea, button')) first.focus({ preventScroll: true });
  });
}
