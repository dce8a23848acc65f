// The public surface: what the server's campaigns area and the bench need.
export {
  type Break,
  type BreakKind,
  type BreakPoint,
  breakInventory,
  type InventoryInput,
  type InventoryShow,
  type InventoryTimeslot,
  type ProgrammeRef,
} from './breaks.js';
export { type Daypart, inDaypart } from './dayparts.js';
