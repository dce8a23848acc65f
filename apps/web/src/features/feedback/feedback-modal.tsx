import type { AppConfig } from '@airgrid/schema';
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
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { pb } from '../../lib/pocketbase';
import { useAuth } from '../../lib/use-auth';
import { FormError } from '../../ui/form-error';
import { useSubmit } from '../auth/use-submit';

/** The longest message the `feedback` collection keeps. */
const MAX_MESSAGE = 5000;

/**
 * The header's feedback button. The modal embeds the deployment's survey (`FEEDBACK_URL`)
 * when one is configured, and otherwise shows a built-in form stored in `feedback`.
 */
export function FeedbackButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Send feedback" openDelay={500}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Feedback" onClick={open}>
          <IconMessageReport size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Feedback" size="lg">
        {opened && <FeedbackBody onDone={close} />}
      </Modal>
    </>
  );
}

function FeedbackBody({ onDone }: { onDone: () => void }) {
  const config = useQuery({
    queryKey: ['app-config'],
    queryFn: () => pb.send<AppConfig>('/api/v1/app-config', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (config.isPending) return <Loader size="sm" aria-label="Loading" />;
  const surveyUrl = config.data?.feedbackUrl;
  if (surveyUrl) {
    return (
      <iframe
        src={surveyUrl}
        title="Feedback survey"
        style={{ width: '100%', height: 560, border: 0 }}
        referrerPolicy="no-referrer"
      />
    );
  }
  // Without the config (server unreachable) the built-in form still works once it is back.
  return <FeedbackForm onDone={onDone} />;
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { isSignedIn } = useAuth();
  const { pathname } = useLocation();
  const { busy, error, fieldErrors, submit } = useSubmit();
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const saved = await submit(() =>
      pb.collection('feedback').create({
        message: message.trim(),
        page: pathname,
        ...(isSignedIn || !email.trim() ? {} : { email: email.trim() }),
      }),
    );
    if (saved) setSent(true);
  }

  if (sent) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Thank you">
          Your feedback reached the Airgrid team.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          What works, what doesn't, what you miss? We read every message.
        </Text>
        <FormError error={error} fieldErrors={fieldErrors} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MAX_MESSAGE}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={fieldErrors.message}
          data-autofocus
        />
        {!isSignedIn && (
          <TextInput
            label="Your email (optional, if you'd like an answer)"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldErrors.email}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!message.trim()}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
