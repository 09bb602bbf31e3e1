import type { KeyboardEvent, ReactNode } from 'react';
import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  addActivityBodySchema,
  type Activity,
  type ActivityType,
  dueIn,
} from '@crm/shared';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { Button } from '../../../components/ui/button';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { quickDueDays } from '../../../lib/activity-due';
import { useZodForm } from '../../../lib/use-zod-form';

/** What a person types for an activity: the add body's fields (the owner is the server's). */
export type ActivityValues = {
  type: ActivityType;
  title: string;
  /** Undefined until a day is chosen: the rules then say the date is required. */
  dueDate: string | undefined;
  dueTime: string | null;
};

export const NO_ACTIVITY: ActivityValues = {
  type: ACTIVITY_TYPES[0],
  title: '',
  dueDate: undefined,
  dueTime: null,
};

/** An activity as its form shows it: its due day and time in the person's zone (issue 33). */
export const valuesOf = (activity: Activity, timeZone: string): ActivityValues => ({
  type: activity.type,
  title: activity.title,
  ...dueIn(activity, timeZone),
});

/**
 * An activity's form: the add body's rules (`addActivityBodySchema`) for a new one and for a
 * change alike, so the browser checks what the API checks, with its Spanish messages.
 */
export const useActivityForm = () =>
  useZodForm(addActivityBodySchema, NO_ACTIVITY, { focusFirstError: true });
export type ActivityForm = ReturnType<typeof useActivityForm>;

const TYPE_OPTIONS = ACTIVITY_TYPES.map((type) => ({
  value: type,
  label: ACTIVITY_TYPE_LABELS[type],
}));

export type ActivityFieldsProps = {
  form: ActivityForm;
  /** The fieldset's name: "Planificar actividad" or "Editar actividad". */
  legend: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Above the buttons: a 409's note (what the activity is now). */
  notice?: ReactNode;
};

/**
 * Type, title, the quick day choices (Hoy, Mañana, Próxima semana), a day and an optional time.
 * It sits inside the Edit Request modal's form: Enter in a field saves this, not the request.
 */
export function ActivityFields({
  form,
  legend,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  notice,
}: ActivityFieldsProps) {
  const { values, errors } = form;
  const type = form.field('type');
  const title = form.field('title');
  const dueDate = form.field('dueDate');
  const dueTime = form.field('dueTime');
  const quick = quickDueDays(useTimeZone());
  const choices = [
    [ACTIVITY_LABELS.today, quick.today],
    [ACTIVITY_LABELS.tomorrow, quick.tomorrow],
    [ACTIVITY_LABELS.nextWeek, quick.nextWeek],
  ] as const;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <fieldset
      onKeyDown={onKeyDown}
      className="mt-2 space-y-3 rounded-md p-3 ring-1 ring-slate-200 first:mt-0"
      aria-busy={pending}
    >
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id={type.id} label={ACTIVITY_LABELS.type} error={errors.type}>
          <Select {...type}>
            {TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={title.id} label={ACTIVITY_LABELS.title} error={errors.title}>
          <TextInput {...title} autoFocus />
        </FormField>
      </div>
      <div
        role="group"
        aria-label={ACTIVITY_LABELS.quickChoices}
        className="flex flex-wrap items-center gap-2"
      >
        {choices.map(([label, day]) => (
          <Button
            key={label}
            variant="secondary"
            className="py-1 text-xs aria-pressed:bg-indigo-50 aria-pressed:ring-indigo-600"
            aria-pressed={values.dueDate === day}
            onClick={() => form.setValue('dueDate', day)}
          >
            {label}
          </Button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={dueDate.id} label={ACTIVITY_LABELS.date} error={errors.dueDate}>
          <TextInput
            {...dueDate}
            type="date"
            onChange={(event) => form.setValue('dueDate', event.target.value || undefined)}
          />
        </FormField>
        <FormField id={dueTime.id} label={ACTIVITY_LABELS.time} error={errors.dueTime}>
          <TextInput
            {...dueTime}
            type="time"
            onChange={(event) => form.setValue('dueTime', event.target.value || null)}
          />
        </FormField>
      </div>
      {notice}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" className="py-1 text-xs" onClick={onCancel}>
          {ACTIVITY_LABELS.cancel}
        </Button>
        <Button className="py-1 text-xs" onClick={onSubmit} disabled={pending} aria-busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </fieldset>
  );
}
