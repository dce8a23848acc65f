import type { PublicStation } from '@airgrid/schema';
import { Group, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDeviceTv } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { StationLogo } from '../../shared/stations/station-brand';
import { PRODUCT_NAME } from '../document-title';
import classes from './brand.module.css';

export interface BrandProps {
  size?: 'sm' | 'md' | 'lg';
  /**
   * The station to show instead of the product: its logo (the product's TV glyph when it has
   * none) and its name. Null or absent: "Airgrid TV".
   */
  station?: Pick<PublicStation, 'id' | 'name' | 'logo' | 'accentColor'> | null;
  /** Where the mark links: home by default. */
  to?: string;
}

/** The header's mark: the station's logo and name, or the product's TV glyph and "Airgrid TV". */
export function Brand({ size = 'md', station, to = '/' }: BrandProps) {
  const t = messages();
  const iconSize = { sm: 22, md: 28, lg: 36 }[size];
  const name = station?.name ?? PRODUCT_NAME;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      aria-label={t.shell.home(name)}
      data-testid="brand"
      title={name}
      style={{ minWidth: 0 }}
    >
      <Group gap={8} wrap="nowrap">
        {station?.logo ? (
          <StationLogo station={station} size={iconSize} />
        ) : (
          <ThemeIcon size={iconSize} radius="sm" variant="filled" aria-hidden>
            <IconDeviceTv size={Math.round(iconSize * 0.65)} stroke={1.8} />
          </ThemeIcon>
        )}
        <span
          className={classes.name}
          data-size={size}
          data-station={station ? '' : undefined}
          data-testid="brand-name"
        >
          {name}
        </span>
      </Group>
    </UnstyledButton>
  );
}
