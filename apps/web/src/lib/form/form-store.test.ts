import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFormStore } from './form-store';

const schema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  altcha: z.string().min(1, 'Solve the captcha'),
});
const EMPTY = { email: '', altcha: '' };

describe('createFormStore, the form state without React', () => {
  it('when a value is set, then subscribers hear it and the snapshot shows it', () => {
    const store = createFormStore(schema, EMPTY);
    const heard: string[] = [];
    const unsubscribe = store.subscribe(() => heard.push(store.getSnapshot().values.email));

    store.setValue('email', 'ana@example.com');
    expect(heard).toEqual(['ana@example.com']);
    expect(store.getSnapshot()).toMatchObject({ isDirty: true, hasChanges: true });

    unsubscribe();
    store.setValue('email', 'bea@example.com');
    expect(heard).toEqual(['ana@example.com']);
  });

  it('keeps the same snapshot until something changes (as useSyncExternalStore needs)', () => {
    const store = createFormStore(schema, EMPTY);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.setValue('email', 'x');
    expect(store.getSnapshot()).not.toBe(before);
  });

  it('when validated with errors, then they show from then on and the check says why', () => {
    const store = createFormStore(schema, EMPTY);
    expect(store.getSnapshot().errors).toEqual({});

    expect(store.validate()).toEqual({
      valid: false,
      errors: { email: 'Email is required', altcha: 'Solve the captcha' },
    });
    expect(store.getSnapshot().errors).toEqual({
      email: 'Email is required',
      altcha: 'Solve the captcha',
    });
    store.setValue('altcha', 'solved');
    expect(store.getSnapshot().errors).toEqual({ email: 'Email is required' });
  });

  it('when validated with good values, then it answers the schema output to send', () => {
    const store = createFormStore(schema, { email: ' ana@example.com ', altcha: 'solved' });
    expect(store.validate()).toMatchObject({
      valid: true,
      data: { email: 'ana@example.com', altcha: 'solved' },
    });
  });

  it('when live, then messages show before any attempt', () => {
    const store = createFormStore(schema, EMPTY, { live: true });
    expect(store.getSnapshot().errors).toMatchObject({ email: 'Email is required' });
  });

  it("when the API's messages come, then they show until their field changes, and reset clears all", () => {
    const store = createFormStore(schema, EMPTY);
    store.setServerErrors({ email: 'Taken' });
    expect(store.getSnapshot().errors).toEqual({ email: 'Taken' });
    store.setValue('altcha', 'solved');
    expect(store.getSnapshot().errors).toEqual({ email: 'Taken' });
    store.setValue('email', 'bea@example.com');
    expect(store.getSnapshot().errors).toEqual({});

    store.setServerErrors({ email: 'Taken' });
    store.validate();
    store.reset();
    expect(store.getSnapshot()).toMatchObject({
      values: EMPTY,
      errors: {},
      isDirty: false,
      submitAttempted: false,
    });
  });

  it('when rebased, then the merged draft shows over the newer copy', () => {
    const store = createFormStore(schema, EMPTY);
    store.setValue('email', 'mine@example.com');
    store.rebase({ email: '', altcha: 'theirs' }, { email: 'mine@example.com', altcha: 'theirs' });
    expect(store.getSnapshot()).toMatchObject({
      values: { email: 'mine@example.com', altcha: 'theirs' },
      defaultValues: { email: '', altcha: 'theirs' },
      hasChanges: true,
    });
  });
});
