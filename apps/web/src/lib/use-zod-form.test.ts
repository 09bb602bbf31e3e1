import type { ChangeEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useZodForm, type FieldElement } from './use-zod-form';

const schema = z.object({ name: z.string().min(1, 'Name is required'), count: z.number() });
type Values = z.infer<typeof schema>;
const START: Values = { name: 'Ana', count: 1 };

/** A change event as a bound input would send it. */
const changeOf = (element: FieldElement) =>
  ({ target: element }) as unknown as ChangeEvent<FieldElement>;

function input(type: string, value: string) {
  const element = document.createElement('input');
  element.type = type;
  element.value = value;
  return element;
}

describe('useZodForm, the one form hook', () => {
  it('when a field changes, then the form is dirty until it is reset', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    expect(result.current.isDirty).toBe(false);

    act(() => result.current.setValue('name', 'Bea'));
    expect(result.current.values.name).toBe('Bea');
    expect(result.current.isDirty).toBe(true);

    act(() => result.current.reset());
    expect(result.current.values).toBe(START);
    expect(result.current.isDirty).toBe(false);
  });

  it('when reset with the server copy, then later resets return to that copy', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    const fromServer: Values = { name: 'Carla', count: 7 };

    act(() => result.current.reset(fromServer));
    expect(result.current.values).toBe(fromServer);
    expect(result.current.defaultValues).toBe(fromServer);

    act(() => result.current.setValue('count', 8));
    act(() => result.current.reset());
    expect(result.current.values).toBe(fromServer);
  });

  it('when the server answers field messages, then they show until that field changes', () => {
    const { result } = renderHook(() => useZodForm(schema, START));

    act(() => result.current.setServerErrors({ name: 'Taken', count: 'Too many' }));
    expect(result.current.errors).toEqual({ name: 'Taken', count: 'Too many' });
    expect(result.current.field('name')['aria-invalid']).toBe(true);

    act(() => result.current.setValue('name', 'Dora'));
    expect(result.current.errors).toEqual({ count: 'Too many' });

    act(() => result.current.reset());
    expect(result.current.errors).toEqual({});
  });

  it("reads bound inputs as text by default, or with the form's own conversion", () => {
    const text = renderHook(() => useZodForm(schema, START));
    act(() => text.result.current.field('name').onChange(changeOf(input('text', 'null'))));
    expect(text.result.current.values.name).toBe('null');

    const converted = renderHook(() =>
      useZodForm(schema, START, {
        readValue: (element) =>
          element instanceof HTMLInputElement && element.type === 'number'
            ? element.valueAsNumber
            : element.value,
      }),
    );
    act(() => converted.result.current.field('count').onChange(changeOf(input('number', '42'))));
    expect(converted.result.current.values.count).toBe(42);
  });

  it('when submitted with errors, then shows them and does not call back', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    const submitted: Values[] = [];

    act(() => result.current.setValue('name', ''));
    expect(result.current.errors).toEqual({});
    act(() => result.current.handleSubmit((data) => submitted.push(data))());
    expect(result.current.errors).toEqual({ name: 'Name is required' });
    expect(submitted).toEqual([]);

    act(() => result.current.setValue('name', 'Eva'));
    act(() => result.current.handleSubmit((data) => submitted.push(data))());
    expect(submitted).toEqual([{ name: 'Eva', count: 1 }]);
  });

  it('when a field is set back to where it started, then it has no changes (though it is dirty)', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    act(() => result.current.setValue('name', 'Bea'));
    expect(result.current.hasChanges).toBe(true);
    act(() => result.current.setValue('name', 'Ana'));
    expect(result.current.hasChanges).toBe(false);
    expect(result.current.isDirty).toBe(true);
  });

  it('when what was sent is saved while the person typed on, then resetIfStill keeps what they typed', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    act(() => result.current.setValue('name', 'Bea'));
    const sent = result.current.values;

    act(() => result.current.setValue('name', 'Bea y más'));
    act(() => result.current.resetIfStill(sent));
    expect(result.current.values.name).toBe('Bea y más');

    act(() => result.current.resetIfStill(result.current.values));
    expect(result.current.values).toBe(START);
    expect(result.current.isDirty).toBe(false);
  });

  it('when rebased on a newer copy, then the merged values stay and changes are measured from it', () => {
    const { result } = renderHook(() => useZodForm(schema, START));
    act(() => result.current.setValue('name', 'Bea'));
    act(() => result.current.rebase({ name: 'Ana', count: 2 }, { name: 'Bea', count: 2 }));
    expect(result.current.values).toEqual({ name: 'Bea', count: 2 });
    expect(result.current.defaultValues).toEqual({ name: 'Ana', count: 2 });
    expect(result.current.hasChanges).toBe(true);
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ name: 'Ana', count: 2 });
  });
});
