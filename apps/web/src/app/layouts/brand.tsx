import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDeviceTv } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../document-title';

export interface BrandProps {
  size?: 'sm' | 'md' | 'lg';
}

/** The product mark: a TV glyph and "Airgrid TV", linking home. */
export function Brand({ size = 'md' }: BrandProps) {
  const iconSize = { sm: 22, md: 28, lg: 36 }[size];
  return (
    <UnstyledButton component={Link} to="/" aria-label={`${PRODUCT_NAME} home`}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={iconSize} radius="sm" variant="filled" aria-hidden>
          <IconDeviceTv size={Math.round(iconSize * 0.65)} stroke={1.8} />
        </ThemeIcon>
        <Text fw={700} size={size === 'lg' ? 'xl' : size} lh={1} style={{ whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
