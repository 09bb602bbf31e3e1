import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@crm/shared';
import { Button } from '../../../components/ui/button';
import { FormField, TextInput } from '../../../components/ui/form-field';
import { Logo } from '../../../components/ui/logo';
import { PasswordToggle } from '../../../components/ui/password-toggle';
import { logo, passwordToggle, primaryButton, textField, textInput } from './login-parts';

/** An element's tag, attributes (in any order; class words trimmed) and children, to compare. */
function shape(node: Element): unknown {
  const attributes = Object.fromEntries(
    [...node.attributes]
      .map(({ name, value }) => [name, name === 'class' ? value.trim() : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return {
    tag: node.tagName.toLowerCase(),
    attributes,
    text: node.children.length === 0 ? node.textContent : undefined,
    children: [...node.children].map(shape),
  };
}

const reactShape = (ui: React.ReactElement) => {
  const { container } = render(ui);
  const element = container.firstElementChild;
  if (!element) throw new Error('nothing rendered');
  return shape(element);
};

// The login screen's parts are plain-DOM copies of components/ui (no React on /login): these
// fail when one side changes without the other, so the screen keeps looking the same.
describe('the login screen parts, beside the React parts they copy', () => {
  it('when the logo is drawn, then it is the Logo component', () => {
    expect(shape(logo('size-14'))).toEqual(reactShape(<Logo className="size-14" />));
  });

  it('when the submit button is drawn, then it is the primary Button', () => {
    expect(shape(primaryButton({ type: 'submit' }, 'w-full'))).toEqual(
      reactShape(
        <Button type="submit" className="w-full">
          {''}
        </Button>,
      ),
    );
  });

  it('when a field is in error, then it is FormField + TextInput with useZodForm aria wiring', () => {
    const input = textInput({ id: 'login-email', name: 'email', type: 'email' });
    const field = textField('Correo', input);
    field.setError(LOGIN_MESSAGES.invalidEmail);
    expect(shape(field.element)).toEqual(
      reactShape(
        <FormField id="login-email" label="Correo" error={LOGIN_MESSAGES.invalidEmail} className="">
          <TextInput
            id="login-email"
            name="email"
            type="email"
            aria-invalid
            aria-describedby="login-email-error"
          />
        </FormField>,
      ),
    );
    field.setError(undefined);
    expect(shape(field.element)).toEqual(
      reactShape(
        <FormField id="login-email" label="Correo" className="">
          <TextInput id="login-email" name="email" type="email" />
        </FormField>,
      ),
    );
  });

  it.each([false, true])(
    'when the password is %s visible, then the toggle is PasswordToggle (name, aria-pressed, eye)',
    (visible) => {
      const toggle = passwordToggle('absolute');
      toggle.setVisible(visible);
      expect(shape(toggle.element)).toEqual(
        reactShape(<PasswordToggle visible={visible} onToggle={() => {}} className="absolute" />),
      );
    },
  );
});
