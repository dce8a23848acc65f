import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';

/**
 * One feed's address: its name, a line on what it holds, the address in a read-only box, Copy
 * and Open. The box is a textarea that grows, so on a phone a long address wraps onto more
 * lines, all of it readable, and never pushes the buttons off the screen. `label` names the
 * feed in the box's and the buttons' accessible names.
 */
export function FeedUrlRow({
  label,
  title = label,
  description,
  url,
  children,
}: {
  label: string;
  /** What the row shows as its name, when it is more than the label (a link, a badge). */
  title?: ReactNode;
  description?: string;
  url: string;
  /** A note under the address. */
  children?: ReactNode;
}) {
  const t = messages();
  return (
    <Stack gap={4}>
      <div>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Textarea
          aria-label={t.feeds.urlOf(label)}
          value={url}
          readOnly
          autosize
          minRows={1}
          size="xs"
          flex={1}
          miw={0}
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              wordBreak: 'break-all',
              resize: 'none',
            },
          }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <>
              <Button
                size="xs"
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                aria-label={copied ? t.feeds.copiedUrlOf(label) : t.feeds.copyUrlOf(label)}
                miw={88}
              >
                {copied ? t.feeds.copied : t.feeds.copy}
              </Button>
              {/* A screen reader hears the copy happen, not only a changed button. */}
              <VisuallyHidden role="status">
                {copied ? t.feeds.copiedUrlOf(label) : ''}
              </VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Tooltip label={t.feeds.open} withArrow>
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="default"
            size={30}
            aria-label={t.feeds.openUrlOf(label)}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {children}
    </Stack>
  );
}
