import { Anchor, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';

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
  const t = messages();
  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{title}</Title>
      <Text size="lg" c="dimmed">
        {lead}
      </Text>
      <Typography>{children}</Typography>
      <Text size="sm" c="dimmed">
        {t.legal.seeAlsoThe}{' '}
        <Anchor component={Link} to={related.to}>
          {related.label}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
