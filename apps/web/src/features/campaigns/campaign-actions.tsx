import type { CampaignRecord } from '@airgrid/schema';
import { Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCalendarCheck,
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { toast } from '../../ui/toast';
import {
  ACTION_STATUS,
  actionLabel,
  canDelete,
  type StatusAction,
  statusActions,
  statusLabel,
} from './campaigns-model';
import { campaignsKeys, deleteCampaign, setCampaignStatus } from './queries';

// A campaign's status actions, for its row's menu and its page's header: Book, Pause, Resume,
// End (asked first: it is not undone), and Delete for a draft (asked first). A refusal says
// what the server found, e.g. what booking still needs.

type Campaign = Pick<CampaignRecord, 'id' | 'name' | 'status'>;

export const ACTION_ICONS = {
  book: IconCalendarCheck,
  pause: IconPlayerPause,
  resume: IconPlayerPlay,
  end: IconPlayerStop,
} as const;

/** A refusal in a toast: the server's field messages (what booking needs), or its message. */
function sayRefusal(summary: string, failure: unknown) {
  const described = describeError(failure);
  const detail = Object.values(described.fieldErrors).join(' ') || described.error || undefined;
  toast({ severity: 'error', summary, detail, group: 'campaign-status' });
}

export function useCampaignActions() {
  const t = messages().campaigns;
  const action = useAction();
  const change = (campaign: Campaign, which: StatusAction) => {
    const status = ACTION_STATUS[which];
    const run = () =>
      action.run(
        {
          save: () => setCampaignStatus(campaign.id, status),
          invalidate: [campaignsKeys.all],
          success: (saved) => t.campaignIsNow(saved.name, statusLabel(status).toLowerCase()),
          failure: (failure) => sayRefusal(t.statusNotChanged(campaign.name), failure),
        },
        which,
      );
    if (which !== 'end') return void run();
    modals.openConfirmModal({
      title: t.endTitle(campaign.name),
      children: <Text size="sm">{t.endExplained}</Text>,
      labels: { confirm: t.end, cancel: t.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(),
    });
  };
  const remove = (campaign: Campaign, onDeleted?: () => void) =>
    modals.openConfirmModal({
      title: t.deleteTitle(campaign.name),
      children: <Text size="sm">{t.deleteExplained}</Text>,
      labels: { confirm: t.delete, cancel: t.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void action.run(
          {
            save: () => deleteCampaign(campaign.id),
            invalidate: [campaignsKeys.all],
            success: () => t.campaignDeleted(campaign.name),
            onSaved: onDeleted,
            failure: { summary: t.campaignNotDeleted, group: 'campaign-delete' },
          },
          'delete',
        ),
    });
  return { change, remove, busy: action.busy, pending: action.pending };
}

/** A row's menu: open, edit, the status actions, delete (a draft). */
export function CampaignMenu({ campaign, onEdit }: { campaign: Campaign; onEdit: () => void }) {
  const t = messages().campaigns;
  const { change, remove, busy } = useCampaignActions();
  const actions = statusActions(campaign.status);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t.actionsFor(campaign.name)}
          loading={busy}
        >
          <IconDots size={18} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={`/campaigns/${campaign.id}`}
          leftSection={<IconExternalLink size={16} />}
        >
          {t.open}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t.edit}
        </Menu.Item>
        {actions.length > 0 && <Menu.Divider />}
        {actions.map((which) => {
          const Icon = ACTION_ICONS[which];
          return (
            <Menu.Item
              key={which}
              leftSection={<Icon size={16} />}
              color={which === 'end' ? 'red' : undefined}
              onClick={() => change(campaign, which)}
            >
              {actionLabel(which)}
            </Menu.Item>
          );
        })}
        {canDelete(campaign) && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconTrash size={16} />}
              color="red"
              onClick={() => remove(campaign)}
            >
              {t.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
