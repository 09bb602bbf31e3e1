import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkForm,
  describeForm,
  rebaseForm,
  resetForm,
  startForm,
  withServerErrors,
  withSubmitAttempt,
  withValue,
} from './form-state';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(5, 'Too long'),
  email: z.string().min(1, 'Email is required').includes('@', 'Invalid email'),
  notes: z.array(z.string()),
});
type Values = z.input<typeof schema>;
const START: Values = { name: 'Ana', email: 'ana@example.com', notes: ['first'] };

const view = (state: ReturnType<typeof startForm<Values>>, live = false) =>
  describeForm(state, checkForm(schema, state.values), { live });

describe('the form state', () => {
  it('when a field breaks a rule, then its message shows only after a submit attempt', () => {
    const typed = withValue(startForm(START), 'email', '');
    expect(view(typed).errors).toEqual({});
    expect(view(typed).hasErrors).toBe(true);

    const attempted = withSubmitAttempt(typed);
    expect(view(attempted).errors).toEqual({ email: 'Email is required' });
    // From then on the messages follow every change.
    expect(view(withValue(attempted, 'email', 'ana')).errors).toEqual({ email: 'Invalid email' });
    expect(view(withValue(attempted, 'email', 'ana@x')).errors).toEqual({});
  });

  it('when live, then messages follow every change from the start', () => {
    expect(view(withValue(startForm(START), 'name', ''), true).errors).toEqual({
      name: 'Name is required',
    });
  });

  it('when a field breaks several rules, then it shows the first one (the schema order)', () => {
    const check = checkForm(schema, { name: '', email: '', notes: [] });
    expect(check).toEqual({
      valid: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
  });

  it('when the values keep the rules, then the check answers the parsed output', () => {
    expect(checkForm(schema, { ...START, name: '  Bea ' })).toMatchObject({
      valid: true,
      data: { name: 'Bea' },
    });
  });

  it('when the rules depend on the values, then the rule set they pick is used', () => {
    const strict = schema.extend({ name: z.string().min(4, 'At least 4') });
    const pick = (values: Values) => (values.notes.length > 0 ? strict : schema);
    expect(checkForm(pick, START).errors).toEqual({ name: 'At least 4' });
    expect(checkForm(pick, { ...START, notes: [] }).errors).toEqual({});
  });

  it('when the API answers field messages, then they show (over nothing) until that field changes', () => {
    const answered = withServerErrors(startForm(START), { email: 'Taken', name: 'Odd' });
    expect(view(answered).errors).toEqual({ email: 'Taken', name: 'Odd' });

    const retyped = withValue(answered, 'email', 'bea@example.com');
    expect(view(retyped).errors).toEqual({ name: 'Odd' });
    // The rules' own message wins over the API's once both apply.
    expect(view(withSubmitAttempt(withValue(retyped, 'name', ''))).errors).toEqual({
      name: 'Name is required',
    });
  });

  it('when a field changes and is set back, then the form is dirty but has no changes', () => {
    const changed = withValue(startForm(START), 'notes', ['first', 'second']);
    expect(view(changed)).toMatchObject({ isDirty: true, hasChanges: true });
    const back = withValue(changed, 'notes', ['first']);
    expect(view(back)).toMatchObject({ isDirty: true, hasChanges: false });
  });

  it('when reset, then it is clean again, at the start values or at the copy given', () => {
    const used = withServerErrors(withSubmitAttempt(withValue(startForm(START), 'name', '')), {
      email: 'Taken',
    });
    const reset = resetForm(used);
    expect(reset.values).toBe(START);
    expect(view(reset)).toMatchObject({ isDirty: false, submitAttempted: false, errors: {} });

    const saved: Values = { ...START, name: 'Carla' };
    const toSaved = resetForm(used, saved);
    expect(resetForm(withValue(toSaved, 'name', 'Dora')).values).toBe(saved);
  });

  it('when rebased on a newer copy, then the draft stays and changes count from the copy', () => {
    const draft = withValue(startForm(START), 'name', 'Bea');
    const newer: Values = { ...START, notes: ['new', 'first'] };
    const rebased = rebaseForm(draft, newer, { ...newer, name: 'Bea' });
    expect(rebased.values).toEqual({ ...newer, name: 'Bea' });
    expect(view(rebased)).toMatchObject({ isDirty: true, hasChanges: true, defaultValues: newer });
    expect(resetForm(rebased).values).toBe(newer);

    // A rebase onto exactly what is shown leaves an untouched form clean.
    expect(rebaseForm(startForm(START), newer, newer).isDirty).toBe(false);
  });

  it('never changes a state in place', () => {
    const start = startForm(START);
    const frozen = structuredClone(start);
    withValue(start, 'name', 'Eva');
    withServerErrors(start, { name: 'x' });
    withSubmitAttempt(start);
    rebaseForm(start, START, START);
    expect(start).toEqual(frozen);
  });
});
