import { screen } from '@testing-library/react';

/** The notice (react-toastify's toast) that says `text`, once it shows. */
export async function findNotice(text: string) {
  const toast = (await screen.findByText(text)).closest<HTMLElement>('.Toastify__toast');
  if (!toast) throw new Error(`no notice says "${text}"`);
  return toast;
}
