import { EN } from '../../lib/labels';

/** /main/home (§2): a welcome heading naming the product, and the spec's English placeholder. */
export function HomePage() {
  return (
    <div className="p-6 md:p-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {/* §2 gives no wording for the heading: the product's Spanish. */}
        Te damos la bienvenida a CRM
      </h1>
      <p {...EN} className="mt-3 text-slate-600">
        This will be the home page.
      </p>
    </div>
  );
}
