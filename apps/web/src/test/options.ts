import { within } from '@testing-library/react';

/** The texts of a select's options (or an option group's), in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The values of a select's options (or an option group's), in order. */
export const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .map((option) => option.value);
