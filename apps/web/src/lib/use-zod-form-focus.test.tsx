import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FormErrors } from './form/form-state';
import { useZodForm } from './use-zod-form';
import { setupUser } from '../test/user';

// The schema lists the name first; the page shows the email first.
const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string().min(1, 'Email is required'),
});
type Values = z.infer<typeof schema>;
const EMPTY: Values = { name: '', email: '' };

function SignUp({ onInvalid }: { onInvalid: (errors: FormErrors<Values>) => void }) {
  const form = useZodForm(schema, EMPTY, { focusFirstError: true });
  const email = form.field('email');
  const name = form.field('name');
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined, onInvalid)}>
      <label htmlFor={email.id}>Email</label>
      <input {...email} />
      {form.errors.email ? <p id={`${email.id}-error`}>{form.errors.email}</p> : null}
      <label htmlFor={name.id}>Name</label>
      <input {...name} />
      {form.errors.name ? <p id={`${name.id}-error`}>{form.errors.name}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm: the focus after a submit the rules stop', () => {
  it('when several fields are in error, then the first on the page takes the focus, with its message', async () => {
    const invalid: FormErrors<Values>[] = [];
    render(<SignUp onInvalid={(errors) => invalid.push(errors)} />);
    const user = setupUser();

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(invalid).toEqual([{ name: 'Name is required', email: 'Email is required' }]);
  });

  it('when submitted again after a fix, then the focus goes to the field still in error', async () => {
    render(<SignUp onInvalid={() => undefined} />);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  });
});
