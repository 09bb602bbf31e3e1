/** Whether `element` can take the focus back (still on the page). */
export const isOnPage = (element: HTMLElement | null | undefined): element is HTMLElement =>
  element?.isConnected === true;
