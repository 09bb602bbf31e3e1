import { CircleAlert, CircleCheck } from 'lucide-react';
import { MAX_NAMED_FIELDS, missingSentence, type MissingField } from '../shared';

export type StageChecklistProps = { missing: readonly MissingField[] };

/**
 * The §5 edit-request rules, recomputed on every change, in plain Spanish: "Faltan: método de
 * pago, rubro y compañía." (the same field names as the board's notices, missing-fields.ts), not
 * the rules' own messages (`bussinesItem is required…`, kept in @crm/shared for the API). The
 * spec neither shows nor enforces them: this discreet line never blocks a save. Beyond three
 * fields the sentence ends "y N más" and opens into the whole list.
 */
export function StageChecklist({ missing }: StageChecklistProps) {
  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-emerald-700">
        <CircleCheck className="size-3.5 shrink-0" aria-hidden />
        Requisitos de la etapa completos
      </p>
    );
  }
  const icon = <CircleAlert className="size-3.5 shrink-0" aria-hidden />;
  if (missing.length <= MAX_NAMED_FIELDS) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-amber-800">
        {icon}
        {missingSentence(missing)}
      </p>
    );
  }
  return (
    <details className="text-xs text-amber-800">
      <summary className="flex cursor-pointer items-center gap-1.5">
        {icon}
        {missingSentence(missing)}
      </summary>
      <ul aria-label="Datos que faltan en esta etapa" className="mt-1 list-disc space-y-0.5 pl-6">
        {missing.map(({ field, label }) => (
          <li key={field}>{label}</li>
        ))}
      </ul>
    </details>
  );
}
