import { useCallback, useLayoutEffect, useRef, type Ref } from 'react';

/**
 * The number, date and money inputs keep the text being typed as the browser holds it ("0.", "15/0"),
 * uncontrolled, the way react-hook-form's `register` binds inputs: the form holds the value read
 * from it. A value changed from outside (a reset, a newer copy merged in, "Usar la suya") is
 * written into the input, once the text shown no longer reads as that value.
 */
export function useTypedText(
  outer: Ref<HTMLInputElement> | undefined,
  readsAs: (text: string) => boolean,
  text: string,
) {
  const input = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    if (input.current && !readsAs(input.current.value)) input.current.value = text;
  });
  return useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof outer === 'function') outer(element);
      else if (outer) outer.current = element;
    },
    [outer],
  );
}
