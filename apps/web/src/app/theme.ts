import {
  Alert,
  Anchor,
  Button,
  Combobox,
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  type MantineColorsTuple,
  Menu,
  Modal,
  Popover,
  Tooltip,
} from '@mantine/core';
import { messages } from '../i18n/messages';
import classes from './theme.module.css';

const t = messages();

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

// Mantine's green, with the shades buttons and links use (7 and up) darkened so white text
// on a green button and a green link on white both reach WCAG AA's 4.5:1 (axe checks this).
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#267d38',
  '#216e31',
  '#1b5c29',
];

/**
 * The seed's overlay layers (§9): modal 1100, overlay 1000, menu 1000, tooltip 1100. The seed's
 * library also lifted each layer it opened above the ones already open; Mantine does not, so
 * the floating panels that open from inside modals (select and date dropdowns, popovers) take
 * the modal's 1100 rather than 1000, and being mounted when they open, later in the page, they
 * draw over the modal they came from. Toasts stay above all of it. See
 * docs/decisions/0034-departures-from-the-seed.md.
 */
export const LAYERS = { modal: 1100, dropdown: 1100, menu: 1000, tooltip: 1100, toast: 1200 };

/** The app's Mantine theme: green primary on cool greys. */
export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  colors: { gray, dark, green },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A link inside a sentence must not rely on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // ...and inside an alert it is written in the alert's colour (theme.module.css).
    Alert: Alert.extend({ classNames: { message: classes.alertMessage } }),
    // Mantine's close button is an icon: give it a name screen readers can announce.
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': t.common.close }, zIndex: LAYERS.modal },
    }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { 'aria-label': t.common.close }, zIndex: LAYERS.modal },
    }),
    Popover: Popover.extend({ defaultProps: { zIndex: LAYERS.dropdown } }),
    Menu: Menu.extend({ defaultProps: { zIndex: LAYERS.menu } }),
    Tooltip: Tooltip.extend({ defaultProps: { zIndex: LAYERS.tooltip } }),
    // Mantine keeps a closed dropdown in the page (display: none) by default, and floating-ui
    // then positions it on every render: each time a forced style recalculation of the whole
    // page (getComputedStyle). On the public guide that was 590 ms of the first render for one
    // channel picker (docs/decisions/0020-fast-public-pages.md). Mounted on opening instead.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    // A destructive action's filled red button: Mantine's red.7 (#f03e3e) under white text is
    // 3.6:1, below WCAG AA's 4.5:1 (axe on /debug/playground); red.9 is 5.4:1, darker on hover.
    Button: Button.extend({
      vars: (_theme, props) =>
        props.color === 'red' && (props.variant ?? 'filled') === 'filled'
          ? {
              root: {
                '--button-bg': 'var(--mantine-color-red-9)',
                '--button-hover': '#a51d1d',
              },
            }
          : { root: {} },
    }),
  },
});

/**
 * Dimmed text in the dark scheme: Mantine's dark.2 (#8b94a3) reads on the page (5.0:1) but not
 * on a card (4.2:1 on dark.6), below WCAG AA's 4.5:1, and axe flagged the dashboard's cards.
 * This grey, between dark.1 and dark.2, reaches 6.0:1 on cards and 4.8:1 on raised surfaces.
 * Placeholders (Mantine's dark.3, 2.6:1 in an input) get a grey of 5.3:1 there: axe counts
 * them as text, and a file input's placeholder is its only label inside the box.
 * The error colour (a field's message, an empty required field's placeholder) is Mantine's
 * red.6 on white (3.3:1) and red.8 on the dark input (about 3.4:1), both below 4.5:1 (axe on
 * /debug/playground's form rules): red.9 in the light scheme (5.4:1), red.4 in the dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {
    '--mantine-color-dimmed': '#aab2be',
    '--mantine-color-placeholder': '#9ea7b4',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
