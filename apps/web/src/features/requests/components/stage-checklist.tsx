import { CircleAlert, CircleCheck } from 'lucide-react';
import type { FieldError } from '@crm/shared';

/**
 * The §5 edit-request rules, recomputed on every change. The spec neither shows nor enforces
 * them; this discreet checklist tells what the stage still lacks and never blocks a save.
 */
export function StageChecklist({ missing }: { missing: readonly FieldError[] }) {
  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-emerald-700">
        <CircleCheck className="size-3.5" aria-hidden />
        Requisitos de la etapa completos
      </p>
    );
  }
  return (
    <details className="text-xs text-amber-800">
      <summary className="flex cursor-pointer items-center gap-1.5">
        <CircleAlert className="size-3.5" aria-hidden />
        Requisitos de la etapa pendientes ({missing.length})
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {missing.map((rule) => (
          <li key={rule.path}>{rule.message}</li>
        ))}
      </ul>
    </details>
  );
}
