import {
  DEFAULT_REQUEST_TYPE,
  LEAD_EMBED,
  LEAD_FIELD_MAX_LENGTH,
  LEAD_FORM_LABELS,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LEAD_REQUEST_TYPE_LABELS,
  REQUEST_TYPES,
  type LeadTextFields,
} from '@crm/shared/leads-text';
import { publicLeadFormSchema } from '@crm/shared';
import { el } from '../lib/dom/el';
import { createFormStore } from '../lib/form/form-store';
import type { FormErrors } from '../lib/form/form-state';

/**
 * The public contact form (/form, issue 13), in plain DOM: no React on this page, so it stays
 * within its 30 kB budget (scripts/check-budgets.mjs). Its inputs are bound to the web app's one
 * form state (lib/form), checked with the API's rules and messages, the captcha included:
 * `publicLeadFormSchema`, the zod/mini build of the API's `publicLeadBodySchema` (the same check
 * lists, held to the same answers by packages/shared/src/lead-form.test.ts). The ALTCHA widget
 * loads after the form shows.
 * Posts to POST /api/form-contact/create and shows the thanks, or the API's field
 * messages under their fields (§5), or its message (429, §8's failure) above the button.
 */

export type LeadFormOptions = {
  /** Where the API is: '' for the origin serving this page. */
  apiBase: string;
  /** Loads the ALTCHA web component (a no-op in tests, which stand in for the widget). */
  loadCaptcha: () => Promise<unknown>;
};

const PATH = '/api/form-contact/create';

/** The form's values as typed, and the captcha's solution (set by the widget). */
type LeadFormValues = LeadTextFields & { altcha: string };
type LeadField = keyof LeadTextFields;
type LeadFormErrors = FormErrors<LeadFormValues>;

const EMPTY_LEAD: LeadFormValues = {
  name: '',
  email: '',
  company: '',
  jobPosition: '',
  contactNumber: '',
  requestType: DEFAULT_REQUEST_TYPE,
  message: '',
  altcha: '',
};

type FieldSpec = {
  name: LeadField;
  label: string;
  kind: 'input' | 'textarea' | 'select';
  type?: string;
  autocomplete?: string;
  required?: boolean;
};

const FIELDS: FieldSpec[] = [
  {
    name: 'name',
    label: LEAD_FORM_LABELS.name,
    kind: 'input',
    autocomplete: 'name',
    required: true,
  },
  {
    name: 'email',
    label: LEAD_FORM_LABELS.email,
    kind: 'input',
    type: 'email',
    autocomplete: 'email',
    required: true,
  },
  {
    name: 'company',
    label: LEAD_FORM_LABELS.company,
    kind: 'input',
    autocomplete: 'organization',
  },
  {
    name: 'jobPosition',
    label: LEAD_FORM_LABELS.jobPosition,
    kind: 'input',
    autocomplete: 'organization-title',
  },
  {
    name: 'contactNumber',
    label: LEAD_FORM_LABELS.contactNumber,
    kind: 'input',
    type: 'tel',
    autocomplete: 'tel',
  },
  { name: 'requestType', label: LEAD_FORM_LABELS.requestType, kind: 'select', required: true },
  { name: 'message', label: LEAD_FORM_LABELS.message, kind: 'textarea', required: true },
];

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type CaptchaElement = HTMLElement & { reset?: () => void };
type StateChangeDetail = { state?: string; payload?: string | null };

function fieldControl(spec: FieldSpec): Control {
  const common: Record<string, string> = {
    id: `lead-${spec.name}`,
    name: spec.name,
    'aria-describedby': `lead-${spec.name}-error`,
  };
  if (spec.kind === 'select') {
    const select = el('select', common);
    for (const type of REQUEST_TYPES) {
      const option = el('option', { value: type }, LEAD_REQUEST_TYPE_LABELS[type]);
      option.selected = type === DEFAULT_REQUEST_TYPE;
      select.append(option);
    }
    return select;
  }
  const max = String(LEAD_FIELD_MAX_LENGTH[spec.name as keyof typeof LEAD_FIELD_MAX_LENGTH]);
  if (spec.kind === 'textarea') return el('textarea', { ...common, rows: '5', maxlength: max });
  return el('input', {
    ...common,
    type: spec.type ?? 'text',
    maxlength: max,
    ...(spec.autocomplete ? { autocomplete: spec.autocomplete } : {}),
  });
}

/** Puts the form into `root` and wires it; answers in place until the page is left. */
export function mountLeadForm(root: HTMLElement, options: LeadFormOptions): void {
  const controls = new Map<LeadField, Control>();
  const errorSlots = new Map<LeadField, HTMLElement>();
  const lead = createFormStore(publicLeadFormSchema, EMPTY_LEAD);
  // After an answer used the captcha up, the widget shows a fresh, unsolved one: not an error
  // yet. Its message waits for the next attempt, so the answer's message shows alone (as on the
  // login page).
  let captchaReplaced = false;

  const form = el('form', { novalidate: '', 'aria-labelledby': 'lead-title' });
  for (const spec of FIELDS) {
    const control = fieldControl(spec);
    const error = el('p', { id: `lead-${spec.name}-error`, class: 'error' });
    controls.set(spec.name, control);
    errorSlots.set(spec.name, error);
    const label = el('label', { for: control.id }, spec.label);
    if (!spec.required)
      label.append(' ', el('span', { class: 'optional' }, LEAD_FORM_LABELS.optional));
    form.append(el('div', { class: 'field' }, label, control, error));
  }

  // The honeypot: off-screen, out of the tab order, hidden from assistive technology.
  const trap = el('input', {
    id: 'lead-homepage',
    name: LEAD_HONEYPOT_FIELD,
    type: 'text',
    tabindex: '-1',
    autocomplete: 'off',
  });
  form.append(
    el(
      'div',
      { class: 'trap', 'aria-hidden': 'true' },
      el('label', { for: trap.id }, LEAD_FORM_LABELS.honeypot),
      trap,
    ),
  );

  const widget: CaptchaElement = el('altcha-widget', {
    challenge: `${options.apiBase}/api/captcha/challenge`,
    language: 'es-es',
    name: 'altcha',
  });
  const captchaError = el('p', { id: 'lead-altcha-error', class: 'error' });
  const formError = el('p', { class: 'form-error', role: 'alert' });
  const submit = el('button', { type: 'submit' }, LEAD_FORM_LABELS.submit);
  form.append(el('div', { class: 'captcha' }, widget, captchaError), formError, submit);

  const success = el('div', { class: 'success', role: 'status', tabindex: '-1' });
  success.hidden = true;

  root.append(
    el('h1', { id: 'lead-title' }, LEAD_FORM_LABELS.title),
    el('p', { class: 'intro' }, LEAD_FORM_LABELS.intro),
    form,
    success,
  );

  // The page follows the form state: each control shows its value (a reset puts "otro" back),
  // and each message slot its field's message.
  const render = () => {
    const { values, errors } = lead.getSnapshot();
    for (const [field, control] of controls) {
      if (control.value !== values[field]) control.value = values[field];
      const message = errors[field] ?? '';
      const slot = errorSlots.get(field);
      if (slot) slot.textContent = message;
      control.setAttribute('aria-invalid', message ? 'true' : 'false');
    }
    captchaError.textContent = captchaReplaced ? '' : (errors.altcha ?? '');
  };
  lead.subscribe(render);

  const freshCaptcha = () => {
    captchaReplaced = true;
    lead.setValue('altcha', '');
    widget.reset?.();
  };

  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<StateChangeDetail>).detail;
    lead.setValue('altcha', detail.state === 'verified' && detail.payload ? detail.payload : '');
  });

  // §5: after the first failed submit, the checks run again on every change.
  form.addEventListener('input', (event) => {
    const field = [...controls].find(([, control]) => control === event.target)?.[0];
    if (field) lead.setValue(field, controls.get(field)?.value ?? '');
  });

  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    submit.textContent = busy ? LEAD_FORM_LABELS.submitting : LEAD_FORM_LABELS.submit;
  };

  const focusFirstError = (errors: LeadFormErrors) => {
    const first = FIELDS.find((spec) => errors[spec.name]);
    if (first) controls.get(first.name)?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    formError.textContent = '';
    captchaReplaced = false;
    const check = lead.validate();
    render();
    if (!check.valid) {
      focusFirstError(check.errors);
      return;
    }
    setBusy(true);
    void send({ ...check.data, [LEAD_HONEYPOT_FIELD]: trap.value }).finally(() => setBusy(false));
  });

  async function send(body: Record<string, unknown>) {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      formError.textContent = LEAD_MESSAGES.submitFailed;
      freshCaptcha();
      return;
    }
    const data = (await response.json().catch(() => undefined)) as
      { message?: string; errors?: { path: string; message: string }[] } | undefined;
    // The API's one thanks, whatever became of the submission (no request number: issue 18);
    // the page shows its own copy of it.
    if (response.status === 201) {
      showSuccess();
      return;
    }
    // Every other answer used the captcha up (or never got to it): a new one for the next try.
    freshCaptcha();
    if (response.status === 400 && data?.errors?.length) {
      const fieldErrors: LeadFormErrors = {};
      for (const error of data.errors) {
        if (Object.hasOwn(EMPTY_LEAD, error.path))
          fieldErrors[error.path as keyof LeadFormValues] ??= error.message;
      }
      // A captcha the API refused is asked for again at once.
      if (fieldErrors.altcha) captchaReplaced = false;
      lead.setServerErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    formError.textContent =
      response.status === 429 && data?.message ? data.message : LEAD_MESSAGES.submitFailed;
  }

  function showSuccess() {
    const again = el('button', { type: 'button' }, LEAD_FORM_LABELS.another);
    success.replaceChildren(el('p', {}, LEAD_MESSAGES.success), again);
    form.hidden = true;
    success.hidden = false;
    success.focus();
    again.addEventListener('click', () => {
      form.reset();
      lead.reset();
      freshCaptcha();
      success.hidden = true;
      form.hidden = false;
      controls.get('name')?.focus();
    });
  }

  reportHeight();
  void options.loadCaptcha();
}

/** In embed.js's frame: tells the page its height, so the frame never scrolls on its own. */
function reportHeight() {
  if (window.parent === window || typeof ResizeObserver === 'undefined') return;
  const send = () =>
    window.parent.postMessage(
      { type: LEAD_EMBED.resizeMessage, height: document.documentElement.scrollHeight },
      '*',
    );
  new ResizeObserver(send).observe(document.body);
  send();
}
