// The screens drawn without React (the login screen, the public /form, the app's start) mount
// into an element of the page; these mount one and, after the test, take it down again.

let unmount: (() => void) | undefined;

/** Mounts a screen into a new `<tag>` at the end of the page; answers that element. */
export function mountInPage(mount: (root: HTMLElement) => (() => void) | void, tag = 'div') {
  const root = document.createElement(tag);
  document.body.append(root);
  unmount = mount(root) ?? undefined;
  return root;
}

/** For `afterEach`: unmounts what `mountInPage` mounted and empties the page. */
export function clearPage() {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
}
