import { Box, Button, Code, CopyButton } from '@mantine/core';
import { messages } from '../../i18n/messages';

/** A block of code with a Copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const t = messages();
  return (
    <Box pos="relative">
      <Code
        block
        aria-label={label}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        pr={80}
      >
        {code}
      </Code>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="default"
            pos="absolute"
            top={6}
            right={6}
            onClick={copy}
          >
            {copied ? t.apiDocs.copied : t.apiDocs.copy}
          </Button>
        )}
      </CopyButton>
    </Box>
  );
}
