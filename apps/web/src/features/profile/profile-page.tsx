import { EN, LABELS } from '../../lib/labels';

/** /main/profile (§2): a placeholder, in the spec's English. */
export function ProfilePage() {
  return (
    <div className="p-6 md:p-10">
      <h1 className="sr-only">{LABELS.profile}</h1>
      <p
        {...EN}
        className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
      >
        Here will be the user profile
      </p>
    </div>
  );
}
