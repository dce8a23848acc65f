import { useMantineColorScheme } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { readSavedTheme } from './color-scheme-manager';
import { themeForPath } from './theme-for-path';

/** Applies the path's colour scheme on every navigation, before the page paints. */
export function ThemeByPath() {
  const { pathname } = useLocation();
  const { setColorScheme } = useMantineColorScheme();

  useLayoutEffect(() => {
    // The manager decides whether this write reaches storage (see color-scheme-manager.ts).
    setColorScheme(themeForPath(pathname, readSavedTheme()).scheme);
  }, [pathname, setColorScheme]);

  return null;
}
