import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { chooseTarget } from './csv-import';
import { CsvImportWizard } from './csv-import-wizard';
import { IMPORT_TARGETS } from './import-targets';

/**
 * The global csv-upload modal (seed-spec §2): open while the URL hash is `#upload-csv` (the app
 * decides, see `modalForHash`), and closing it clears the hash (path and query stay). It
 * imports the target named by `?import=<id>`, else the one of the page's area, else shows (see
 * `chooseTarget`).
 */
export function CsvUploadModal({ opened }: { opened: boolean }) {
  const t = messages();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  // While the batch is on its way the modal stays: closing would hide whether it was saved.
  const [saving, setSaving] = useState(false);
  const choice = chooseTarget(IMPORT_TARGETS, location.search, location.pathname);

  function close() {
    if (saving) return;
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }

  const title =
    'target' in choice
      ? t.csvImport.importLabelFromCsv(choice.target.label.toLowerCase())
      : t.csvImport.importFromCsv;
  const search = new URLSearchParams(location.search);
  const blocked = 'target' in choice ? choice.target.blockedReason(user, search) : choice.error;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      closeOnEscape={!saving}
      closeOnClickOutside={false}
      withCloseButton={!saving}
    >
      {opened &&
        (blocked || !('target' in choice) ? (
          <Stack gap="md">
            <Alert color="red" role="alert">
              {blocked}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t.common.close}
              </Button>
            </Group>
          </Stack>
        ) : (
          <CsvImportWizard
            target={choice.target}
            search={search}
            onClose={close}
            onSavingChange={setSaving}
          />
        ))}
    </Modal>
  );
}
