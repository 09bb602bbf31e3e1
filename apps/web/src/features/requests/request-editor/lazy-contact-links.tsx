import { lazy, Suspense } from 'react';
import type { ContactLinksProps } from './contact-links';

// Issue 33's links beside the email and the phone: a chunk of their own (the number rules and
// their words), loaded as the request window opens (apps/web/scripts/check-budgets.mjs,
// LAZY_PARTS), not on the board's first visit.
const Links = lazy(() =>
  import('./contact-links').then((module) => ({ default: module.ContactLinks })),
);

/** The contact links, once their chunk is in (nothing shows meanwhile). */
export function ContactLinks(props: ContactLinksProps) {
  return (
    <Suspense fallback={null}>
      <Links {...props} />
    </Suspense>
  );
}
