import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageReport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { appConfigQuery } from '../../lib/app-config';
import { useAuth } from '../../lib/use-auth';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { sendFeedback } from './queries';

/** The longest message the `feedback` collection keeps. */
const MAX_MESSAGE = 5000;

/**
 * The header's feedback button. The modal embeds the deployment's survey (`FEEDBACK_URL`)
 * when one is configured, and otherwise shows a built-in form stored in `feedback`.
 */
export function FeedbackButton() {
  const t = messages();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t.feedback.sendFeedback} openDelay={500}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t.feedback.feedback}
          onClick={open}
        >
          <IconMessageReport size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t.feedback.feedback} size="lg">
        {opened && <FeedbackBody onDone={close} />}
      </Modal>
    </>
  );
}

function FeedbackBody({ onDone }: { onDone: () => void }) {
  const t = messages();
  const config = useQuery({ ...appConfigQuery, staleTime: Number.POSITIVE_INFINITY });

  if (config.isPending) return <Loader role="status" size="sm" aria-label={t.common.loading} />;
  const surveyUrl = config.data?.feedbackUrl;
  if (surveyUrl) {
    return (
      <iframe
        src={surveyUrl}
        title={t.feedback.feedbackSurvey}
        style={{ width: '100%', height: 560, border: 0 }}
        referrerPolicy="no-referrer"
      />
    );
  }
  // Without the config (server unreachable) the built-in form still works once it is back.
  return <FeedbackForm onDone={onDone} />;
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const t = messages();
  const { isSignedIn } = useAuth();
  const { pathname } = useLocation();
  const [sent, setSent] = useState(false);
  const form = useRecordForm({
    initialValues: { message: '', email: '' },
    save: ({ message, email }) =>
      sendFeedback({
        message: message.trim(),
        page: pathname,
        ...(isSignedIn || !email.trim() ? {} : { email: email.trim() }),
      }),
    onSaved: () => setSent(true),
  });
  const { busy, errors: fieldErrors } = form;
  const { message, email } = form.values;

  if (sent) {
    return (
      <Stack>
        <Alert color="green" role="status" title={t.feedback.thankYou}>
          {t.feedback.yourFeedbackReachedTheAirgrid}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>{t.common.close}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t.feedback.whatWorksWhatDoesnT}
        </Text>
        <FormError error={form.formError} />
        <Textarea
          label={t.feedback.message}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MAX_MESSAGE}
          value={message}
          onChange={(event) => form.set({ message: event.currentTarget.value })}
          error={fieldErrors.message}
          data-autofocus
        />
        {!isSignedIn && (
          <TextInput
            label={t.feedback.yourEmailOptionalIfYou}
            type="email"
            value={email}
            onChange={(event) => form.set({ email: event.currentTarget.value })}
            error={fieldErrors.email}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy} disabled={!message.trim()}>
            {t.feedback.sendFeedback}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
