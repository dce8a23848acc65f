import { Alert, Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { CopyField } from '../../ui/copy-field';
import { WRAPPED } from './webhook-fields';

/** The signing secret: once after adding (with how to check a signature), or on demand. */
export function SecretModal({
  shown,
  onClose,
}: {
  shown: { secret: string; url: string; isNew: boolean } | null;
  onClose: () => void;
}) {
  const t = messages();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.isNew ? t.webhooks.newSecretTitle : t.webhooks.secretTitle}
      size="lg"
      closeOnClickOutside={!shown?.isNew}
    >
      {shown && (
        <Stack gap="md">
          <Text size="sm" style={WRAPPED}>
            {shown.url}
          </Text>
          {shown.isNew && (
            <Alert color="yellow" role="status">
              {t.webhooks.copyItNow}
            </Alert>
          )}
          <CopyField label={t.webhooks.theSecret} value={shown.secret} />
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.webhooks.verifyTitle}
            </Text>
            <List size="sm" spacing={2} type="ordered">
              <List.Item>
                {t.webhooks.verifyHeader} <Code>{t.webhooks.signatureHeader}</Code>
              </List.Item>
              {t.webhooks.verifyLines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.webhooks.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
