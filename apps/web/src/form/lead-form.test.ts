import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CREATE_REQUEST_MESSAGES,
  LEAD_FORM_LABELS,
  LEAD_MESSAGES,
  REQUEST_MESSAGES,
} from '@crm/shared';
import { answer, fieldRefusal } from '../test/answers';
import { db, SOLVED_CAPTCHA } from '../test/fake-api';
import { optionValues } from '../test/options';
import { clearPage, mountInPage } from '../test/page';
import { mountLeadForm } from './lead-form';
import { setupUser } from '../test/user';

const PATH = '/api/form-contact/create';

afterEach(clearPage);

type Lead = {
  name: string;
  email: string;
  company?: string;
  requestType?: string;
  message: string;
};
const ANA: Lead = { name: 'Ana', email: 'ana@example.com', message: 'Hola' };

/**
 * The /form page with the widget stood in for: `solveCaptcha` fires its "verified" event;
 * `submit` presses Send; `send` fills the form (Ana's required fields by default), solves the
 * captcha and sends.
 */
function renderForm() {
  const root = mountInPage(
    (main) => mountLeadForm(main, { apiBase: '', loadCaptcha: () => Promise.resolve() }),
    'main',
  );
  const widget = root.querySelector('altcha-widget');
  if (!widget) throw new Error('no captcha widget');
  const solveCaptcha = () =>
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload: SOLVED_CAPTCHA } }),
    );
  const user = setupUser();
  const submit = () => user.click(screen.getByRole('button', { name: LEAD_FORM_LABELS.submit }));
  const send = async (lead: Lead = ANA) => {
    await user.type(screen.getByLabelText(LEAD_FORM_LABELS.name), lead.name);
    await user.type(screen.getByLabelText(LEAD_FORM_LABELS.email), lead.email);
    if (lead.company) await user.type(screen.getByLabelText(/Compañía/), lead.company);
    if (lead.requestType) {
      await user.selectOptions(
        screen.getByLabelText(LEAD_FORM_LABELS.requestType),
        lead.requestType,
      );
    }
    await user.type(screen.getByLabelText(LEAD_FORM_LABELS.message), lead.message);
    solveCaptcha();
    await submit();
  };
  return { user, solveCaptcha, submit, send };
}

const submitCalls = () => db.calls.filter((call) => call.path === PATH);

describe('/form, the public contact form', () => {
  it('has the Spanish labels, the four request types with "otro" chosen, and a hidden honeypot', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: LEAD_FORM_LABELS.title })).toBeInTheDocument();
    for (const label of ['name', 'email', 'message'] as const) {
      expect(screen.getByLabelText(LEAD_FORM_LABELS[label])).toBeInTheDocument();
    }
    const select = screen.getByLabelText<HTMLSelectElement>(LEAD_FORM_LABELS.requestType);
    expect(optionValues(select)).toEqual([
      'agendar reunión',
      'obtener una demo',
      'recibir asesoría',
      'otro',
    ]);
    expect(select.value).toBe('otro');
    expect(screen.queryByRole('textbox', { name: LEAD_FORM_LABELS.honeypot })).toBeNull();
  });

  it('when sent empty, shows the §5 messages and the captcha message, and sends nothing', async () => {
    const { user, submit } = renderForm();
    await submit();
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAD_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(LEAD_FORM_LABELS.name)).toHaveFocus();
    // After the first failed submit the checks follow every change.
    await user.type(screen.getByLabelText(LEAD_FORM_LABELS.email), 'ana@');
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(submitCalls()).toEqual([]);
  });

  it('when filled and the captcha solved, posts the form and shows the thanks', async () => {
    const { send } = renderForm();
    await send({
      name: 'Lucía Web',
      email: 'lucia@example.com',
      company: 'Acme',
      requestType: 'obtener una demo',
      message: 'Quiero una demo',
    });

    const stored = await waitFor(() => {
      const request = db.requests.find((r) => r.name === 'Lucía Web');
      if (!request?.requestNumber) throw new Error('not stored yet');
      return request;
    });
    expect(await screen.findByText(LEAD_MESSAGES.success)).toBeInTheDocument();
    expect(stored).toMatchObject({
      email: 'lucia@example.com',
      company: 'Acme',
      requestType: 'obtener una demo',
      sourceOfContact: 'website',
    });
    expect(submitCalls()[0]?.body).toMatchObject({ altcha: SOLVED_CAPTCHA, homepage: '' });
  });

  it('when the API refuses a field, shows its message under the field and asks for a new captcha', async () => {
    answer('post', PATH, 400, fieldRefusal('email', CREATE_REQUEST_MESSAGES.invalidEmail));
    const { submit, send } = renderForm();
    await send();
    expect(await screen.findByText(CREATE_REQUEST_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByLabelText(LEAD_FORM_LABELS.email)).toHaveAttribute('aria-invalid', 'true');
    // The captcha was used: sending again needs a new one.
    await submit();
    expect(screen.getByText(LEAD_MESSAGES.captchaRequired)).toBeInTheDocument();
  });

  it('when the API answers 429, shows its message; any other failure shows §8’s', async () => {
    answer('post', PATH, 429, { message: LEAD_MESSAGES.tooManyFromAddress });
    const { solveCaptcha, submit, send } = renderForm();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAD_MESSAGES.tooManyFromAddress);

    answer('post', PATH, 500, { message: 'x' });
    solveCaptcha();
    await submit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(REQUEST_MESSAGES.createFailed),
    );
  });

  it("when a field breaks one of the API's rules, then the API's message shows under it until it is fixed", async () => {
    const { user, submit } = renderForm();
    const phone = screen.getByLabelText(/Teléfono/);
    await user.type(screen.getByLabelText(LEAD_FORM_LABELS.name), '   ');
    await user.type(phone, '600 abc');
    await submit();

    // Blank is empty (the schema trims): the name is required.
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAD_MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    await user.clear(phone);
    await user.type(phone, '+34 600 123 456');
    expect(screen.queryByText(LEAD_MESSAGES.invalidPhone)).toBeNull();
    expect(phone).toHaveAttribute('aria-invalid', 'false');
    expect(submitCalls()).toEqual([]);
  });

  it('when the API refuses the captcha, then its message shows at once; after a 429 the new captcha is not an error yet', async () => {
    answer('post', PATH, 400, fieldRefusal('altcha', LEAD_MESSAGES.captchaRequired));
    const { solveCaptcha, submit, send } = renderForm();
    await send();
    expect(await screen.findByText(LEAD_MESSAGES.captchaRequired)).toBeInTheDocument();

    answer('post', PATH, 429, { message: LEAD_MESSAGES.tooManyFromAddress });
    solveCaptcha();
    expect(screen.queryByText(LEAD_MESSAGES.captchaRequired)).toBeNull();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAD_MESSAGES.tooManyFromAddress);
    expect(screen.queryByText(LEAD_MESSAGES.captchaRequired)).toBeNull();
  });

  it('when another request is started after the thanks, then the form is empty again with "otro" chosen', async () => {
    const { user, submit, send } = renderForm();
    await send({
      name: 'Marta',
      email: 'marta@example.com',
      requestType: 'recibir asesoría',
      message: 'Hola',
    });
    await user.click(await screen.findByRole('button', { name: LEAD_FORM_LABELS.another }));

    expect(screen.getByLabelText(LEAD_FORM_LABELS.name)).toHaveValue('');
    expect(screen.getByLabelText(LEAD_FORM_LABELS.name)).toHaveFocus();
    expect(screen.getByLabelText(LEAD_FORM_LABELS.message)).toHaveValue('');
    expect(screen.getByLabelText(LEAD_FORM_LABELS.requestType)).toHaveValue('otro');
    expect(screen.queryByText(CREATE_REQUEST_MESSAGES.nameRequired)).toBeNull();
    // A new attempt is checked as the first one was.
    await submit();
    expect(screen.getByText(CREATE_REQUEST_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAD_MESSAGES.captchaRequired)).toBeInTheDocument();
  });
});
