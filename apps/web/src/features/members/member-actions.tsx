import type { MemberRecord, Role } from '@airgrid/schema';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
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
  return runAction(
    {
      save: () => changeRole(member.id, role),
      invalidate: MEMBER_SAVE_INVALIDATES,
      success: () => `${memberName(member)} is now ${ROLE_LABELS[role].toLowerCase()}`,
      failure: { summary: 'The role was not changed', group: 'member-role' },
    },
    appEffects(queryClient),
  );
}

export function confirmRemove(member: MemberRecord, queryClient: QueryClient, onDone?: () => void) {
  const name = memberName(member);
  modals.openConfirmModal({
    title: `Remove ${name}?`,
    children: (
      <Text size="sm">
        {name} loses access to the station’s channels, shows and schedule. The shows they produce
        stay, with their name as producer. You can invite them again later.
      </Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      const done = await runAction(
        {
          save: () => removeMember(member.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => `${name} removed`,
          failure: { summary: `${name} was not removed`, group: 'member-remove' },
        },
        appEffects(queryClient),
      );
      if (done) onDone?.();
    },
  });
}

export function confirmTransfer(member: MemberRecord, queryClient: QueryClient) {
  const name = memberName(member);
  modals.openConfirmModal({
    title: `Make ${name} the owner?`,
    children: (
      <Text size="sm">
        {name} becomes the organization’s owner, and you become an admin: you keep managing members
        and settings, but only {name} can hand ownership on or delete the organization.
      </Text>
    ),
    labels: { confirm: 'Transfer ownership', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => transferOwnership(member.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => `${name} is now the owner`,
          failure: { summary: 'Ownership was not transferred', group: 'member-transfer' },
        },
        appEffects(queryClient),
      ),
  });
}

export function confirmLeave(me: MemberRecord, queryClient: QueryClient, onLeft: () => void) {
  modals.openConfirmModal({
    title: 'Leave the organization?',
    children: (
      <Text size="sm">
        You lose access to its channels, shows and schedule. The shows you produce stay, with your
        name as producer. An admin can invite you again.
      </Text>
    ),
    labels: { confirm: 'Leave', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      const done = await runAction(
        {
          save: () => leaveOrganization(me.id),
          invalidate: MEMBER_SAVE_INVALIDATES,
          success: () => 'You left the organization',
          failure: { summary: 'You did not leave the organization', group: 'member-leave' },
        },
        appEffects(queryClient),
      );
      if (done) onLeft();
    },
  });
}
