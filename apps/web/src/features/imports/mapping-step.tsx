import { useId } from 'react';
import {
  DUPLICATE_POLICIES,
  DUPLICATE_POLICY_LABELS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LABELS,
  type ImportField,
  type ImportPlan,
  type ImportReport,
  type ImportSummary,
} from '@crm/shared';
import { useCheckImport } from '../../api/imports/check-import';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/form-field';
import { CELL_CLASS, ImportTable, STEP_ACTIONS_CLASS } from './import-table';

export type MappingStepProps = {
  summary: ImportSummary;
  plan: ImportPlan;
  onPlanChange: (plan: ImportPlan) => void;
  onChecked: (report: ImportReport) => void;
  onBack: () => void;
};

/** A column's first few non-empty sample cells, as the file has them. */
const sampleOf = (summary: ImportSummary, column: number) =>
  summary.sample
    .map((row) => row[column]?.trim() ?? '')
    .filter((cell) => cell !== '')
    .slice(0, 3)
    .join(' · ');

/**
 * The check's refusal by where it goes: `mapping.<n>` next to column n's select (a field chosen
 * twice), `mapping` above the table (name or email unmapped, a mapping of the wrong length).
 */
function mappingErrors(error: unknown) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
  const byColumn = new Map<number, string>();
  const general: string[] = [];
  for (const { path, message } of fieldErrors) {
    const column = /^mapping\.(\d+)$/.exec(path)?.[1];
    if (column !== undefined) byColumn.set(Number(column), message);
    else if (!general.includes(message)) general.push(message);
  }
  if (error instanceof Error && fieldErrors.length === 0) general.push(error.message);
  return { byColumn, general };
}

/**
 * Step 2, "Columnas": for each column of the file, its header, a few sample cells and the
 * request field it fills (preset from the API's guess, "No importar" for none); what to do with
 * an email already on a request; "Revisar" checks every row with this plan.
 */
export function MappingStep({ summary, plan, onPlanChange, onChecked, onBack }: MappingStepProps) {
  const id = useId();
  const check = useCheckImport();
  const { byColumn, general } = mappingErrors(check.error);

  const change = (next: ImportPlan) => {
    check.reset();
    onPlanChange(next);
  };
  const setField = (column: number, field: ImportField | null) =>
    change({ ...plan, mapping: plan.mapping.map((old, at) => (at === column ? field : old)) });

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        check.mutate({ id: summary._id, plan }, { onSuccess: onChecked });
      }}
    >
      {general.length > 0 ? (
        <div role="alert" className="space-y-1 text-sm font-medium text-red-700">
          {general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <ImportTable
        title={summary.fileName}
        headers={[
          IMPORT_LABELS.columnHeader,
          IMPORT_LABELS.sampleHeader,
          IMPORT_LABELS.targetHeader,
        ]}
      >
        {summary.headers.map((header, column) => {
          const error = byColumn.get(column);
          const cellId = `${id}-column-${column}`;
          return (
            <tr key={column}>
              <th id={cellId} scope="row" className={`${CELL_CLASS} font-medium text-slate-900`}>
                {header}
              </th>
              <td className={`${CELL_CLASS} max-w-56 truncate text-slate-600`}>
                {sampleOf(summary, column)}
              </td>
              <td className={CELL_CLASS}>
                <Select
                  aria-labelledby={cellId}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${cellId}-error` : undefined}
                  value={plan.mapping[column] ?? ''}
                  onChange={(event) =>
                    setField(column, (event.target.value || null) as ImportField | null)
                  }
                  className="min-w-48 py-1 text-xs"
                >
                  <option value="">{IMPORT_LABELS.ignoreColumn}</option>
                  {IMPORT_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {IMPORT_FIELD_LABELS[field]}
                    </option>
                  ))}
                </Select>
                {error ? (
                  <p
                    id={`${cellId}-error`}
                    role="alert"
                    className="mt-1 text-xs font-medium text-red-700"
                  >
                    {error}
                  </p>
                ) : null}
              </td>
            </tr>
          );
        })}
      </ImportTable>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-semibold text-slate-900">{IMPORT_LABELS.duplicates}</legend>
        {DUPLICATE_POLICIES.map((policy) => (
          <label key={policy} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${id}-duplicates`}
              value={policy}
              checked={plan.duplicates === policy}
              onChange={() => change({ ...plan, duplicates: policy })}
              data-no-autofocus
            />
            {DUPLICATE_POLICY_LABELS[policy]}
          </label>
        ))}
      </fieldset>
      <div className={STEP_ACTIONS_CLASS}>
        <Button variant="secondary" onClick={onBack}>
          {IMPORT_LABELS.back}
        </Button>
        <Button type="submit" disabled={check.isPending}>
          {check.isPending ? IMPORT_LABELS.checking : IMPORT_LABELS.check}
        </Button>
      </div>
    </form>
  );
}
