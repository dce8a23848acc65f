import { Stepper } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { queryClient } from '../../lib/query-client';
import {
  type ColumnMapping,
  checkRows,
  type ImportOutcome,
  type ImportTarget,
  type LoadedCsv,
  loadCsv,
  progressPercent,
} from './csv-import';
import { FileStep, type Loading } from './file-step';
import { ImportStep, type Saving } from './import-step';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';

/** The wizard's steps, as the stepper numbers them. */
const Step = { File: 0, Columns: 1, Preview: 2, Import: 3 } as const;

/** Lets the browser paint the progress bar before the next synchronous stage runs. */
const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export interface CsvImportWizardProps {
  target: ImportTarget;
  /** The page's query, for a target that reads what it imports into from it. */
  search: URLSearchParams;
  onClose: () => void;
  onSavingChange: (saving: boolean) => void;
}

/** The import in four steps: choose a file, map its columns, preview the rows, import. */
export function CsvImportWizard({ target, search, onClose, onSavingChange }: CsvImportWizardProps) {
  const t = messages();
  const [step, setStep] = useState<number>(Step.File);
  const [file, setFile] = useState<File | null>(null);
  const [loading, setLoading] = useState<Loading | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<LoadedCsv | null>(null);
  const [saving, setSaving] = useState<Saving | null>(null);
  // A newer file wins over one still being read.
  const latestFile = useRef(0);

  const checked = useMemo(
    () => (loaded ? checkRows(target.columns, loaded.table, loaded.mapping) : null),
    [target, loaded],
  );

  async function chooseFile(chosen: File | null) {
    const id = ++latestFile.current;
    setFile(chosen);
    setProblem(null);
    setLoaded(null);
    if (!chosen) return;
    const result = await loadCsv(chosen, target, async (stage, label) => {
      if (id !== latestFile.current) return;
      setLoading({ percent: progressPercent(stage), label });
      await nextPaint();
    });
    if (id !== latestFile.current) return;
    setLoading(null);
    if ('error' in result) {
      setProblem(result.error);
      return;
    }
    setLoaded(result);
    setStep(Step.Columns);
  }

  function changeMapping(mapping: ColumnMapping) {
    setLoaded((current) => (current ? { ...current, mapping } : current));
  }

  async function startImport() {
    if (!checked || checked.invalidRows > 0 || checked.valid.length === 0) return;
    const rows = checked.valid;
    setStep(Step.Import);
    setSaving({
      progress: { completed: 0, total: rows.length, label: t.csvImport.starting },
      outcome: null,
    });
    onSavingChange(true);
    let outcome: ImportOutcome;
    try {
      outcome = await target.import(
        rows,
        (progress) => setSaving({ progress, outcome: null }),
        search,
      );
    } catch (error) {
      outcome = {
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        errors: [],
      };
    }
    onSavingChange(false);
    setSaving((current) => (current ? { ...current, outcome } : current));
    // Lists of whatever was imported refetch, whichever page shows them.
    if (outcome.ok) void queryClient.invalidateQueries();
  }

  const busy = saving !== null && saving.outcome === null;

  return (
    <>
      <Stepper
        // After a successful import every step shows as done.
        active={saving?.outcome?.ok ? step + 1 : step}
        onStepClick={(next) => !busy && next < step && step !== Step.Import && setStep(next)}
        allowNextStepsSelect={false}
        size="sm"
      >
        <Stepper.Step label={t.csvImport.file} description={t.csvImport.chooseACsv} />
        <Stepper.Step label={t.csvImport.columns} description={t.csvImport.matchThem} />
        <Stepper.Step label={t.csvImport.preview} description={t.csvImport.checkTheRows} />
        <Stepper.Step label={t.csvImport.import} description={t.csvImport.saveThem} />
      </Stepper>
      {step === Step.File && (
        <FileStep
          target={target}
          file={file}
          loading={loading}
          problem={problem}
          onFile={(chosen) => void chooseFile(chosen)}
          onNext={loaded ? () => setStep(Step.Columns) : undefined}
          onCancel={onClose}
        />
      )}
      {step === Step.Columns && loaded && (
        <MappingStep
          target={target}
          header={loaded.table.header}
          mapping={loaded.mapping}
          onChange={changeMapping}
          onBack={() => setStep(Step.File)}
          onNext={() => setStep(Step.Preview)}
          onCancel={onClose}
        />
      )}
      {step === Step.Preview && loaded && checked && (
        <PreviewStep
          target={target}
          mapping={loaded.mapping}
          checked={checked}
          onBack={() => setStep(Step.Columns)}
          onChooseFile={() => setStep(Step.File)}
          onImport={() => void startImport()}
          onCancel={onClose}
        />
      )}
      {step === Step.Import && saving && (
        <ImportStep
          target={target}
          saving={saving}
          onBackToPreview={() => {
            setSaving(null);
            setStep(Step.Preview);
          }}
          onChooseFile={() => {
            setSaving(null);
            setStep(Step.File);
          }}
          onDone={onClose}
        />
      )}
    </>
  );
}
