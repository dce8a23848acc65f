import type { PublicStation } from '@airgrid/schema';
import { Avatar, type AvatarProps, Box, useComputedColorScheme } from '@mantine/core';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { accentVariables } from './accent';
import { stationLogoUrl } from './station-path';

export interface StationLogoProps extends Omit<AvatarProps, 'src' | 'alt' | 'name'> {
  station: Pick<PublicStation, 'id' | 'logo' | 'name' | 'accentColor'>;
}

/**
 * A station's logo (its 100×100 thumbnail, which anyone may fetch), or its initials on its
 * accent colour when it has none. Decorative: the station's name is always written beside it.
 */
export function StationLogo({ station, size = 28, ...props }: StationLogoProps) {
  return (
    <Avatar
      src={stationLogoUrl(station, '100x100')}
      name={station.name}
      alt=""
      aria-hidden
      radius="sm"
      size={size}
      color={station.accentColor || 'green'}
      variant="filled"
      styles={{ image: { objectFit: 'contain', background: 'white' } }}
      {...props}
    />
  );
}

export interface StationAccentProps {
  /** "#rrggbb", or "" for the app's own colours. */
  accentColor: string | null | undefined;
  children: ReactNode;
}

/**
 * Gives what it wraps the station's accent colour: the app's primary colour variables are
 * redefined on a wrapping element (see accent.ts), so Mantine's buttons and links follow.
 */
export function StationAccent({ accentColor, children }: StationAccentProps) {
  const scheme = useComputedColorScheme('light');
  const style = useMemo(
    () => accentVariables(accentColor ?? '', scheme) as CSSProperties,
    [accentColor, scheme],
  );
  return (
    <Box style={style} data-accent={accentColor || undefined} display="contents">
      {children}
    </Box>
  );
}
