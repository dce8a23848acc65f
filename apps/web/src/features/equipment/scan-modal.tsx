import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { formatSpan, isOverdue, isStaff, type Me, personName } from './equipment-model';
import { equipmentQueries, type ReservationRow } from './equipment-queries';
import { cameraProblem, findItemByCode, formatsToDetect, handoverFor } from './equipment-scan';
import { EquipmentStatusBadge, ReservationStatusBadge } from './equipment-ui';
import { HandoverForm } from './handover-modal';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const SCAN_EVERY_MS = 300;

/** The browser's BarcodeDetector, where it has one. */
const detectorClass = (): BarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

export interface ScanModalProps {
  opened: boolean;
  onClose: () => void;
  organization: string;
  me: Me;
  zone: string;
  /** An item to show at once: the label's address `/equipment?item={id}` opened the page. */
  item?: string;
}

/**
 * Scan label: the device's camera reads a label's code where the browser has a BarcodeDetector
 * (a typed code always works, below it); the item found shows with its hand-over: check in the
 * reservation it is out on, or check out today's confirmed one, each with a condition note.
 */
export function ScanModal({ opened, onClose, ...rest }: ScanModalProps) {
  const t = messages();
  return (
    <Modal opened={opened} onClose={onClose} title={t.equipment.scanALabel} size="lg">
      {opened && <Scanner {...rest} />}
    </Modal>
  );
}

function Scanner({
  organization,
  me,
  zone,
  item: initial,
}: Omit<ScanModalProps, 'opened' | 'onClose'>) {
  const t = messages();
  const items = useQuery(equipmentQueries.items(organization));
  const reservations = useQuery(equipmentQueries.reservations(organization));
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(initial ?? null);
  const list = items.data ?? [];
  const found = code === null ? undefined : findItemByCode(list, code);
  const loaded = items.isSuccess && reservations.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== '') setCode(typed.trim());
  };

  return (
    <Stack gap="md">
      {!found && <CameraScanner onCode={setCode} />}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t.equipment.labelCode}
            description={t.equipment.labelCodeHint}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
            {t.equipment.find}
          </Button>
        </Group>
      </form>
      {code !== null && loaded && !found && (
        <Alert color="yellow" role="alert">
          {t.equipment.noItemHasCode(code)}
        </Alert>
      )}
      {found && loaded && (
        <FoundItem
          key={found.id}
          item={found}
          reservations={reservations.data ?? []}
          me={me}
          zone={zone}
          onNext={() => {
            setCode(null);
            setTyped('');
          }}
        />
      )}
    </Stack>
  );
}

function FoundItem({
  item,
  reservations,
  me,
  zone,
  onNext,
}: {
  item: { id: string; name: string; status: string; serial: string; location: string };
  reservations: readonly ReservationRow[];
  me: Me;
  zone: string;
  onNext: () => void;
}) {
  const t = messages();
  const clock = useClockSetting();
  const [now] = useState(() => Date.now());
  const handover = handoverFor(reservations, item.id, now, zone);
  const staff = isStaff(me.role);
  return (
    <Paper withBorder p="md" data-scanned-item={item.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{item.name}</Text>
            <Text size="sm" c="dimmed">
              {[item.serial, item.location].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <EquipmentStatusBadge status={item.status} />
        </Group>
        {handover ? (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {personName(handover.reservation.expand?.member)} ·{' '}
                {formatSpan(handover.reservation.starts, handover.reservation.ends, zone, clock)}
              </Text>
              <ReservationStatusBadge
                status={handover.reservation.status}
                overdue={isOverdue(handover.reservation, now)}
              />
            </Group>
            {staff ? (
              <HandoverForm
                reservation={handover.reservation}
                kind={handover.kind}
                item={item.name}
                onClose={onNext}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t.equipment.staffHandOver}
              </Text>
            )}
          </>
        ) : (
          <Alert color="blue">{t.equipment.nothingToHandOver(item.name)}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

type CameraState =
  | { state: 'unsupported' }
  | { state: 'starting' }
  | { state: 'scanning' }
  | { state: 'problem'; problem: 'denied' | 'none' | 'failed' };

/**
 * The camera's picture and the detector reading it, a few times a second; the first code read
 * is handed on. Without a detector or a camera, a sentence says so (the typed code stays).
 */
function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = messages();
  const video = useRef<HTMLVideoElement>(null);
  const supported =
    detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const [camera, setCamera] = useState<CameraState>(
    supported ? { state: 'starting' } : { state: 'unsupported' },
  );
  const handOn = useRef(onCode);
  handOn.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!supported || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        const formats = formatsToDetect(await Detector.getSupportedFormats());
        if (formats.length === 0) {
          setCamera({ state: 'unsupported' });
          return;
        }
        const detector = new Detector({ formats });
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setCamera({ state: 'scanning' });
        const look = async () => {
          if (stopped || !video.current) return;
          try {
            const [code] = await detector.detect(video.current);
            if (code?.rawValue && !stopped) {
              handOn.current(code.rawValue);
              return;
            }
          } catch {
            // A frame not ready yet: try the next one.
          }
          timer = setTimeout(look, SCAN_EVERY_MS);
        };
        void look();
      } catch (error) {
        if (!stopped) setCamera({ state: 'problem', problem: cameraProblem(error) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [supported]);

  if (camera.state === 'unsupported')
    return (
      <Text size="sm" c="dimmed">
        {t.equipment.cameraUnsupported}
      </Text>
    );
  if (camera.state === 'problem')
    return (
      <Alert color="yellow" icon={<IconCamera size={18} />}>
        {camera.problem === 'denied'
          ? t.equipment.cameraDenied
          : camera.problem === 'none'
            ? t.equipment.noCamera
            : t.equipment.cameraFailed}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t.equipment.cameraView}
        style={{ width: '100%', maxHeight: 280, background: 'black', borderRadius: 4 }}
      />
      <Text size="xs" c="dimmed">
        {camera.state === 'scanning' ? t.equipment.pointAtLabel : t.equipment.startingCamera}
      </Text>
    </Stack>
  );
}
