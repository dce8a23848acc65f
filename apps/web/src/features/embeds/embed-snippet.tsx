import { Button, CopyButton, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';

/** The snippet to paste, read-only, with a copy button. */
export function EmbedSnippet({ snippet, note }: { snippet: string; note?: string }) {
  const t = messages();
  return (
    <Stack gap={6}>
      <Textarea
        label={t.embeds.snippet}
        description={t.embeds.pasteItIntoYourWebsite}
        value={snippet}
        readOnly
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      <CopyButton value={snippet} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? t.embeds.snippetCopied : t.embeds.copySnippet}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
