export {
  COLOR_SCHEME_NAMES,
  type ColorBy,
  type ColorSchemeName,
} from './color-schemes';
export { PRECISIONS, type Precision } from './geometry';
export { MARK_COLORS, type MarkLevel } from './marks';
export { Timeline } from './timeline';
export {
  type DaySummaryOptions,
  type RefusalReason,
  SHOW_DRAG_TYPE,
  type TimelineBar,
  type TimelineChange,
  type TimelineMark,
  type TimelineRow,
} from './types';
