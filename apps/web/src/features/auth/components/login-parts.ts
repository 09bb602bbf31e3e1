import { APP_LABELS } from '@crm/shared';
import { langOf } from '../../../lib/lang';
import { el, setAttr, svgEl } from '../../../lib/dom/el';

/*
 * The login screen's parts in plain DOM, the same markup and Tailwind classes as the React parts
 * the signed-in app uses (components/ui: Logo, FormField + TextInput, PasswordToggle, Button).
 * Copied rather than shared because the login screen loads no React (its budget,
 * scripts/check-budgets.mjs); login-parts.test.tsx renders both and fails when they drift apart.
 */

/** components/ui/form-field.tsx's `inputClass`. */
const INPUT_CLASS =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:ring-red-500';

/** components/ui/button.tsx's primary Button. */
const PRIMARY_BUTTON_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-xs transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600';

/** components/ui/logo.tsx: the product logo, a small kanban mark. */
export function logo(className: string): SVGSVGElement {
  return svgEl(
    'svg',
    { viewBox: '0 0 32 32', class: className, role: 'img', 'aria-label': APP_LABELS.logo },
    svgEl('rect', { width: '32', height: '32', rx: '8', fill: '#4f46e5' }),
    svgEl('path', { d: 'M8 9h5v14H8zM14.5 9h5v9h-5zM21 9h3v5h-3z', fill: '#fff' }),
  );
}

/** components/ui/form-field.tsx's TextInput. */
export function textInput(props: Record<string, string>, className = ''): HTMLInputElement {
  return el('input', { class: `${INPUT_CLASS} ${className}`, ...props });
}

export function primaryButton(props: Record<string, string>, className = ''): HTMLButtonElement {
  return el('button', { type: 'button', class: `${PRIMARY_BUTTON_CLASS} ${className}`, ...props });
}

/** Opens an address of the app without loading the page again (the app's router decides). */
export type Navigate = (path: string) => void;

const LINK_CLASS =
  'font-medium text-indigo-600 underline-offset-2 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * A link to another page of the app. With `navigate`, a plain click stays in the page (a click
 * with a modifier still opens a new tab or window); without it, the browser follows the link.
 */
export function pageLink(href: string, text: string, navigate?: Navigate): HTMLAnchorElement {
  const link = el('a', { href, class: LINK_CLASS }, text);
  link.addEventListener('click', (event) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!navigate || modified || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  });
  return link;
}

export type TextField = {
  element: HTMLDivElement;
  /** Shows `message` under the control (or none), wired to it as FormField and useZodForm do. */
  setError: (message: string | undefined) => void;
};

/**
 * components/ui/form-field.tsx's FormField around `input` (whose id it labels), with the aria
 * wiring of useZodForm's `field()`: aria-invalid and aria-describedby only while in error.
 */
export function textField(
  label: string,
  input: HTMLInputElement,
  control: Node = input,
): TextField {
  const element = el(
    'div',
    { class: '' },
    el('label', { for: input.id, class: 'mb-1 block text-sm font-medium text-slate-700' }, label),
    control,
  );
  const errorId = `${input.id}-error`;
  const message = el('p', { id: errorId, class: 'mt-1 text-xs font-medium text-red-600' });
  const setError = (error: string | undefined) => {
    setAttr(input, 'aria-invalid', error ? 'true' : undefined);
    setAttr(input, 'aria-describedby', error ? errorId : undefined);
    if (!error) {
      message.remove();
      return;
    }
    setAttr(message, 'lang', langOf(error));
    message.textContent = error;
    if (!message.isConnected) element.append(message);
  };
  return { element, setError };
}

const ICON_ATTRIBUTES = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: '24',
  height: '24',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
};

/** lucide's Eye and EyeOff (what PasswordToggle draws), inline: lucide-react needs React. */
function eyeIcon(open: boolean): SVGSVGElement {
  const shapes = open
    ? [
        svgEl('path', {
          d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0',
        }),
        svgEl('circle', { cx: '12', cy: '12', r: '3' }),
      ]
    : [
        svgEl('path', {
          d: 'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49',
        }),
        svgEl('path', { d: 'M14.084 14.158a3 3 0 0 1-4.242-4.242' }),
        svgEl('path', {
          d: 'M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143',
        }),
        svgEl('path', { d: 'm2 2 20 20' }),
      ];
  return svgEl(
    'svg',
    {
      ...ICON_ATTRIBUTES,
      class: `lucide lucide-${open ? 'eye' : 'eye-off'} size-4`,
      'aria-hidden': 'true',
    },
    ...shapes,
  );
}

export type PasswordToggle = {
  element: HTMLButtonElement;
  /** Shows the state: "Ocultar contraseña" while the password is visible. */
  setVisible: (visible: boolean) => void;
};

/** components/ui/password-toggle.tsx: the show/hide control of a password field (§2). */
export function passwordToggle(className: string): PasswordToggle {
  const element = el('button', {
    type: 'button',
    class: `rounded-md p-1.5 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${className}`,
  });
  const setVisible = (visible: boolean) => {
    const label = APP_LABELS.passwordToggle(visible);
    element.setAttribute('aria-label', label);
    element.setAttribute('aria-pressed', String(visible));
    element.title = label;
    element.replaceChildren(eyeIcon(!visible));
  };
  setVisible(false);
  return { element, setVisible };
}
