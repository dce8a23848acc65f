// The guide grid's sizes, in px, shared by the grid, its rows and its scrolling.

/** Height of a channel row, in px. */
export const ROW_HEIGHT = 64;
/** Height of the sticky time header, in px. */
export const HEADER_HEIGHT = 40;
/** Width of one 15-minute column, in px: an hour is 240 px. */
export const COLUMN_WIDTH = 60;
