// The public surface: what the server's campaigns area and the bench need.
export {
  airSeconds,
  type Break,
  type BreakKind,
  type BreakPoint,
  breakInventory,
  type InventoryInput,
  type InventoryShow,
  type InventoryTimeslot,
  type ProgrammePause,
  type ProgrammeRef,
  programmePauses,
  showOnGrid,
} from './breaks.js';
export { type Daypart, inDaypart } from './dayparts.js';
export { placeSpots } from './placement.js';
export type {
  Campaign,
  CampaignDelivery,
  CampaignStatus,
  GoalPeriod,
  PeriodDelivery,
  Placement,
  PlacementInput,
  PlacementResult,
  RotationSpot,
} from './placement-types.js';
export {
  AIRED_TOLERANCE_MS,
  type LoggedSpot,
  type PlacementOutcome,
  type PlannedSpot,
  type ReconcileInput,
  type Reconciliation,
  reconcileLog,
} from './reconcile.js';
