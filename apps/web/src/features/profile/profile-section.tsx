import { useId, type ReactNode } from 'react';

export type ProfileSectionProps = { title: string; children: ReactNode };

/** One of Perfil's cards: a region named by its heading. */
export function ProfileSection({ title, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export type FormOutcomeProps = { outcome: { ok: boolean; message: string } | null };

/**
 * What the last submit of a form came to, under its button: the answer's message, or a failure
 * that named no field (a field's own message shows under the field).
 */
export function FormOutcome({ outcome }: FormOutcomeProps) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p role="status" className="text-sm text-green-700">
      {outcome.message}
    </p>
  ) : (
    <p role="alert" className="text-sm text-red-700">
      {outcome.message}
    </p>
  );
}
