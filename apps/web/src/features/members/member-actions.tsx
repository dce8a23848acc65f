import type { MemberRecord, Role } from '@airgrid/schema';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { memberName, ROLE_LABELS } from './members-model';
import {
  changeRole,
  leaveOrganization,
  MEMBER_SAVE_INVALIDATES,
  removeMember,
  transferOwnership,
} from './queries';

// The members area's saves that have no form: each asks first where it cannot be undone with a
// click, then goes through the app's one save flow (busy, invalidate, toast, errors).

export function saveRole(member: MemberRecord, role: Role, queryClient: QueryClient) {
  const t = messages();
  return runAction(
    {
      save: () => changeRole(member.id, role),
      invalidate: MEMBER_SAVE_INVALIDATES,
      success: () =>
        t.members.memberIsNowRoleLabels(memberName(member), ROLE_LABELS[role].toLowerCase()),
      failure: { summary: t.members.theRoleWasNotChanged, group: 'member-role' },
    },
    appEffects(queryClient),
  );
}

export function confirmRemove(member: MemberRecord, queryClient: QueryClient, onDone?: () => void) {
  const t = messages();
  const name = memberName(member);
  modals.openConfirmModal({
    title: t.members.removeName(name),
    children: <Text size="sm">{t.members.nameLosesAccessToThe(name)}</Text>,
    labels: { confirm: t.common.remove, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      const done = await runAction(
        {
          save: () => removeMember(member.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => t.members.nameRemoved(name),
          failure: { summary: t.members.nameWasNotRemoved(name), group: 'member-remove' },
        },
        appEffects(queryClient),
      );
      if (done) onDone?.();
    },
  });
}

export function confirmTransfer(member: MemberRecord, queryClient: QueryClient) {
  const t = messages();
  const name = memberName(member);
  modals.openConfirmModal({
    title: t.members.makeNameTheOwner(name),
    children: <Text size="sm">{t.members.nameBecomesTheOrganizationS(name, name)}</Text>,
    labels: { confirm: t.members.transferOwnership, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => transferOwnership(member.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => t.members.nameIsNowTheOwner(name),
          failure: { summary: t.members.ownershipWasNotTransferred, group: 'member-transfer' },
        },
        appEffects(queryClient),
      ),
  });
}

export function confirmLeave(me: MemberRecord, queryClient: QueryClient, onLeft: () => void) {
  const t = messages();
  modals.openConfirmModal({
    title: t.members.leaveTheOrganization,
    children: <Text size="sm">{t.members.youLoseAccessToIts}</Text>,
    labels: { confirm: t.members.leave, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      const done = await runAction(
        {
          save: () => leaveOrganization(me.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => t.members.youLeftTheOrganization,
          failure: { summary: t.members.youDidNotLeaveThe, group: 'member-leave' },
        },
        appEffects(queryClient),
      );
      if (done) onLeft();
    },
  });
}
