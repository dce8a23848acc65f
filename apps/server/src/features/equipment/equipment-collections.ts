import { fromRecordDate, instantToLocal, toRecordDate } from '@airgrid/domain';
import {
  certificationKinds as certificationKindsDefinition,
  certifications as certificationsDefinition,
  equipment as equipmentDefinition,
  isEditorRole,
  RESERVATION_HOLDS,
  type ReservationStatus,
  reservations as reservationsDefinition,
} from '@airgrid/schema';
import {
  CREATES_IN_OWN_ORGANIZATION,
  EDITOR,
  editorWrites,
  MEMBER,
  STAYS_IN_ORGANIZATION,
} from '../../collections/role-rules.js';
import {
  type CollectionModule,
  FieldProblem,
  type HookContext,
  type PrepareContext,
} from '../../records/collection-module.js';
import {
  findReservationClash,
  holdsCertification,
  lockEquipment,
  memberName,
  setEquipmentStatus,
} from './reservations-repository.js';

// The community side's equipment (issue 20; decision 0033): certification kinds, members'
// certifications, items and their reservations. The rules the server keeps whoever asks: a
// reservation never overlaps another that holds the item, needs the item's certification held
// for its whole span, and moves only along requested → confirmed → out → returned (or
// cancelled before it goes out); members see and request their own, staff (editors and above)
// everything.

/** Staff, or the member the record is about. */
const STAFF_OR_OWN = `(${EDITOR} || member = @request.auth.id)`;

export const certificationKinds: CollectionModule = {
  definition: certificationKindsDefinition,
  rules: editorWrites(),
};

export const certifications: CollectionModule = {
  definition: certificationsDefinition,
  rules: {
    listRule: `${MEMBER} && ${STAFF_OR_OWN}`,
    viewRule: `${MEMBER} && ${STAFF_OR_OWN}`,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${EDITOR}`,
    updateRule: `${MEMBER} && ${EDITOR} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${EDITOR}`,
  },
  hooks: {
    prepareCreate(values) {
      refuseEarlyExpiry(values);
    },
    beforeUpdate(values) {
      refuseEarlyExpiry(values);
    },
  },
};

function refuseEarlyExpiry(values: Record<string, unknown>) {
  const { granted, expires } = values;
  if (
    typeof expires === 'string' &&
    expires !== '' &&
    typeof granted === 'string' &&
    expires <= granted
  )
    throw new FieldProblem(
      'expires',
      'validation_invalid_value',
      'Must be after the date it was granted.',
    );
}

export const equipment: CollectionModule = {
  definition: equipmentDefinition,
  rules: editorWrites(),
  hooks: {
    prepareCreate(values) {
      if (!values.status) values.status = 'available';
    },
  },
};

/** Where a reservation may go from each status, and who may take it there. */
const NEXT: Record<ReservationStatus, readonly ReservationStatus[]> = {
  requested: ['confirmed', 'cancelled'],
  confirmed: ['out', 'cancelled', 'requested'],
  out: ['returned'],
  returned: [],
  cancelled: [],
};

/** What a member who is not staff may change on their own reservation. */
const MEMBER_FIELDS = new Set(['status', 'note', 'updated']);

const isStaff = (context: PrepareContext) =>
  context.isSuperuser || isEditorRole(context.auth?.role);

export const reservations: CollectionModule = {
  definition: reservationsDefinition,
  rules: {
    listRule: `${MEMBER} && ${STAFF_OR_OWN}`,
    viewRule: `${MEMBER} && ${STAFF_OR_OWN}`,
    // Viewers watch; producers request for themselves; staff reserve for anyone.
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && @request.auth.role != "viewer" && (${EDITOR} || @request.body.member = @request.auth.id)`,
    updateRule: `${MEMBER} && ${STAFF_OR_OWN} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${EDITOR}`,
  },
  hooks: {
    prepareCreate(values, context) {
      if (!values.status) values.status = isStaff(context) ? 'confirmed' : 'requested';
      if (values.status !== 'requested' && !(isStaff(context) && values.status === 'confirmed')) {
        throw new FieldProblem(
          'status',
          'validation_invalid_value',
          isStaff(context)
            ? 'A new reservation is requested or confirmed; check it out once it exists.'
            : 'Ask for it as requested: staff confirm reservations.',
        );
      }
      refuseBackwardsSpan(values);
    },
    async beforeCreate(values, context) {
      await refuseUnavailable(values, context);
    },
    async beforeUpdate(values, existing, context) {
      refuseBackwardsSpan(values);
      const staff = isStaff(context);
      if (!staff) {
        const changed = Object.keys(values).find(
          (field) => !MEMBER_FIELDS.has(field) && values[field] !== existing[field],
        );
        if (changed) {
          throw new FieldProblem(
            changed,
            'validation_invalid_value',
            'Only staff change a reservation; you may cancel yours or change its note.',
          );
        }
      }
      const from = existing.status as ReservationStatus;
      const to = values.status as ReservationStatus;
      if (from !== to) {
        const allowed: readonly ReservationStatus[] = staff
          ? NEXT[from]
          : from === 'requested' || from === 'confirmed'
            ? ['cancelled']
            : [];
        if (!allowed.includes(to)) {
          throw new FieldProblem(
            'status',
            'validation_invalid_value',
            staff
              ? `A reservation that is ${from} cannot become ${to}.`
              : 'You may cancel your reservation before it is checked out; staff do the rest.',
          );
        }
        await recordHandover(values, to, context);
      }
      const holds = RESERVATION_HOLDS.includes(to);
      const moved = ['equipment', 'member', 'starts', 'ends'].some(
        (field) => values[field] !== existing[field],
      );
      if (holds && (moved || !RESERVATION_HOLDS.includes(from)))
        await refuseUnavailable(values, context);
    },
  },
};

function refuseBackwardsSpan(values: Record<string, unknown>) {
  const { starts, ends } = values;
  if (typeof starts === 'string' && typeof ends === 'string' && starts !== '' && ends <= starts)
    throw new FieldProblem('ends', 'validation_invalid_value', 'Must be after the start.');
}

/** Check-out and check-in: the time, and the item's status with it. */
async function recordHandover(
  values: Record<string, unknown>,
  to: ReservationStatus,
  context: HookContext,
) {
  const at = toRecordDate(context.now);
  const item = String(values.equipment);
  if (to === 'out') {
    values.checkedOutAt = at;
    await setEquipmentStatus(context.trx, item, 'out', at);
    await context.changed('equipment', item);
  } else if (to === 'returned') {
    values.checkedInAt = at;
    await setEquipmentStatus(context.trx, item, 'available', at);
    await context.changed('equipment', item);
  }
}

/**
 * Refuses a reservation the item cannot take: retired or in maintenance, a certification the
 * member does not hold for the whole span, or another reservation holding it meanwhile (named,
 * in the station's zone). The item's row is locked first, so of two at once the second waits.
 */
async function refuseUnavailable(values: Record<string, unknown>, context: HookContext) {
  const { organization, equipment: itemId, member, starts, ends } = values;
  if (
    typeof organization !== 'string' ||
    typeof itemId !== 'string' ||
    typeof member !== 'string' ||
    typeof starts !== 'string' ||
    typeof ends !== 'string'
  )
    return;
  // The engine has already refused an item that is missing or another organization's.
  const item = await lockEquipment(context.trx, itemId, organization);
  if (!item) return;
  if (item.status === 'retired' || item.status === 'maintenance') {
    throw new FieldProblem(
      'equipment',
      'validation_equipment_unavailable',
      `“${item.name}” is ${item.status === 'retired' ? 'retired' : 'in maintenance'}: it cannot be reserved.`,
    );
  }
  if (
    item.certificationRequired &&
    !(await holdsCertification(context.trx, {
      organization,
      member,
      kind: item.certificationRequired,
      starts,
      ends,
    }))
  ) {
    const who = (await memberName(context.trx, member)) || 'this member';
    throw new FieldProblem(
      'member',
      'validation_certification_required',
      `Reserving “${item.name}” needs the “${item.kindName}” certification, valid for the whole reservation, which ${who} does not hold.`,
    );
  }
  const clash = await findReservationClash(context.trx, {
    organization,
    equipment: itemId,
    starts,
    ends,
    except: typeof values.id === 'string' ? values.id : '',
  });
  if (clash) {
    const local = (date: string) =>
      instantToLocal(fromRecordDate(date) ?? 0, item.timeZone).replace('T', ' ');
    throw new FieldProblem(
      'starts',
      'validation_reservation_overlap',
      `Overlaps ${clash.memberName || 'another member'}’s reservation of “${item.name}” from ${local(clash.starts)} to ${local(clash.ends)} (${item.timeZone})`,
    );
  }
}
