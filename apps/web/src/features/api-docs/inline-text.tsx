import { Code, Text } from '@mantine/core';
import { Fragment } from 'react';

/** Text of the API document with its `code` spans, one paragraph per blank line. */
export function InlineText({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' | 'md' }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text.
        <Text key={index} size={size}>
          {paragraph.split('`').map((part, at) =>
            at % 2 === 1 ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text.
              <Code key={at}>{part}</Code>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text.
              <Fragment key={at}>{part}</Fragment>
            ),
          )}
        </Text>
      ))}
    </>
  );
}
