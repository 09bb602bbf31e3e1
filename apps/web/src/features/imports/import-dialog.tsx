import { useEffect, useRef, useState } from 'react';
import {
  IMPORT_LABELS,
  isImportActive,
  type ImportList,
  type ImportPlan,
  type ImportReport,
  type ImportSummary,
} from '@crm/shared';
import { useImports } from '../../api/imports/list-imports';
import { Dialog } from '../../components/ui/dialog';
import { LoadingText } from '../../components/ui/status-text';
import { FileStep } from './file-step';
import { MappingStep } from './mapping-step';
import { ProgressStep } from './progress-step';
import { ReviewStep } from './review-step';

export type ImportDialogProps = {
  /** The board follows the import this dialog starts or finds running (use-import-follower.ts). */
  onFollow: (id: string) => void;
  onClose: () => void;
};

/** Where the dialog is: one of IMPORT_LABELS.steps, with what that step needs. */
type Stage =
  | { step: 0 }
  | { step: 1; summary: ImportSummary }
  | { step: 2; summary: ImportSummary; report: ImportReport }
  | { step: 3; id: string };

/** Opened while an import is queued or running: straight to its progress, not a new file. */
const stageFromList = (list: ImportList): Stage => {
  const running = list.items.find((item) => isImportActive(item.status));
  return running ? { step: 3, id: running._id } : { step: 0 };
};

/** The plan the mapping step starts from: the API's guess (or the one saved), "Omitir" duplicates. */
const planOf = (summary: ImportSummary): ImportPlan => ({
  mapping: summary.mapping,
  duplicates: summary.duplicates ?? 'skip',
});

/**
 * "Importar solicitudes" (issue 24, system admin): 1 the file, 2 its columns mapped to request
 * fields and the duplicates policy, 3 the check's report, 4 the background import's progress.
 * It can be closed at any step: a started import goes on (the board follows it), and opening
 * "Importar" again while it runs comes back to its progress.
 */
export function ImportDialog({ onFollow, onClose }: ImportDialogProps) {
  const imports = useImports();
  const [chosen, setChosen] = useState<Stage | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const stage: Stage | null =
    chosen ?? (imports.data ? stageFromList(imports.data) : imports.isError ? { step: 0 } : null);

  // Each new step's heading takes the focus, so it is read out and Tab goes on from there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<number | null>(null);
  const step = stage?.step;
  useEffect(() => {
    if (step === undefined) return;
    if (shownStep.current !== null && shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const go = (next: Stage) => setChosen(next);
  const uploaded = (summary: ImportSummary) => {
    setPlan(planOf(summary));
    go({ step: 1, summary });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={IMPORT_LABELS.title}
      closeLabel={IMPORT_LABELS.close}
      size="max-w-4xl"
    >
      <div className="space-y-4 px-5 py-4">
        <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {IMPORT_LABELS.steps.map((name, index) => (
            <li
              key={name}
              aria-current={stage?.step === index ? 'step' : undefined}
              className="aria-[current=step]:font-semibold aria-[current=step]:text-indigo-700"
            >
              {index + 1}. {name}
            </li>
          ))}
        </ol>
        {!stage ? (
          <LoadingText />
        ) : (
          <section className="space-y-3">
            <h3
              ref={headingRef}
              tabIndex={-1}
              className="text-base font-semibold text-slate-900 outline-none"
            >
              {IMPORT_LABELS.steps[stage.step]}
            </h3>
            {stage.step === 0 ? <FileStep onUploaded={uploaded} /> : null}
            {stage.step === 1 && plan ? (
              <MappingStep
                summary={stage.summary}
                plan={plan}
                onPlanChange={setPlan}
                onChecked={(report) => go({ step: 2, summary: stage.summary, report })}
                onBack={() => go({ step: 0 })}
              />
            ) : null}
            {stage.step === 2 && plan ? (
              <ReviewStep
                summary={stage.summary}
                plan={plan}
                report={stage.report}
                onBack={() => go({ step: 1, summary: stage.summary })}
                onStarted={(summary) => go({ step: 3, id: summary._id })}
              />
            ) : null}
            {stage.step === 3 ? (
              <ProgressStep
                id={stage.id}
                onFollow={onFollow}
                onNewImport={() => go({ step: 0 })}
                onClose={onClose}
              />
            ) : null}
          </section>
        )}
      </div>
    </Dialog>
  );
}
