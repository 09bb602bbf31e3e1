/** /main/home (§2). */
export function HomePage() {
  return (
    <div className="p-6 md:p-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome to CRM</h1>
      <p className="mt-3 text-slate-600">This will be the home page.</p>
    </div>
  );
}
