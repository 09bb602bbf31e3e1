import { el } from '../../../lib/dom/el';
import { logo, pageLink, type Navigate } from '../../auth';

/*
 * The frame of the public account pages (issue 23): the product's mark, the heading and a body
 * each page fills and refills as it goes (form, then its outcome). Plain DOM, as the login
 * screen: these pages are opened signed out, from an email, and load no React.
 */

export type PageFrame = {
  /** What the page shows under its heading; replaced as the page moves on. */
  body: HTMLDivElement;
  /** Replaces the body's content. */
  show: (...content: (Node | string)[]) => void;
  setHeading: (text: string) => void;
};

export function mountPageFrame(root: HTMLElement, heading: string): PageFrame {
  const body = el('div', { class: 'space-y-5' });
  const title = el('h1', { class: 'text-2xl font-bold tracking-tight text-slate-900' }, heading);
  root.append(
    el(
      'main',
      {
        class: 'flex min-h-dvh items-start justify-center bg-slate-50 px-6 py-10 md:items-center',
      },
      el(
        'div',
        { class: 'w-full max-w-sm space-y-5' },
        el(
          'div',
          { class: 'flex items-center gap-3' },
          logo('size-10'),
          el('p', { class: 'text-xl font-black tracking-[0.3em] text-slate-900' }, 'CRM'),
        ),
        title,
        body,
      ),
    ),
  );
  return {
    body,
    show: (...content) => body.replaceChildren(...content),
    setHeading: (text) => {
      title.textContent = text;
    },
  };
}

/** A message the page answers with: `status` for good news, `alert` for a refusal. */
export function messageBox(kind: 'status' | 'alert', text: string): HTMLParagraphElement {
  const colours =
    kind === 'status'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : 'bg-red-50 text-red-700 ring-red-200';
  return el(
    'p',
    { role: kind, class: `rounded-md px-3 py-2 text-sm font-medium ring-1 ${colours}` },
    text,
  );
}

/** A paragraph holding one link, e.g. back to the login screen. */
export const linkLine = (href: string, text: string, navigate?: Navigate) =>
  el('p', { class: 'text-sm' }, pageLink(href, text, navigate));

export const textLine = (text: string) => el('p', { class: 'text-sm text-slate-600' }, text);
