import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Cool greys (a blue cast rather than Mantine's neutral ones), per the seed's "gray cool".
const gray: MantineColorsTuple = [
  '#f9fafb',
  '#f3f4f6',
  '#e5e7eb',
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#1f2937',
  '#111827',
];

// Mantine's dark scheme reads text from the light end and surfaces from the dark end.
const dark: MantineColorsTuple = [
  '#d5d9e0',
  '#b5bcc8',
  '#8b94a3',
  '#687282',
  '#465061',
  '#374151',
  '#2a3240',
  '#1e2530',
  '#171d26',
  '#10141b',
];

/** The app's Mantine theme: green primary on cool greys. */
export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 6 },
  colors: { gray, dark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});
