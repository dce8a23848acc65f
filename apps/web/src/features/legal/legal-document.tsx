import { Anchor, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalDocumentProps {
  title: string;
  /** The one-paragraph summary under the title. */
  lead: ReactNode;
  /** The companion document, linked at the end. */
  related: { label: string; to: string };
  children: ReactNode;
}

/** The shared frame of the privacy policy and the terms: a readable single column. */
export function LegalDocument({ title, lead, related, children }: LegalDocumentProps) {
  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{title}</Title>
      <Text size="lg" c="dimmed">
        {lead}
      </Text>
      <Typography>{children}</Typography>
      <Text size="sm" c="dimmed">
        See also the{' '}
        <Anchor component={Link} to={related.to}>
          {related.label}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
