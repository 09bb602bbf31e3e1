import type { Navigate } from '../../auth';

/** What the app gives an account page (app/signed-out-app.ts, or the router's wrapper). */
export type AccountPageOptions = {
  /** The query of the address, `?token=…` for the one-time links. */
  search: string;
  /** Follows the page's links within the app; without it the browser loads the address. */
  navigate?: Navigate;
  /** Defines `<altcha-widget>` (the forgot page's captcha); tests put a double in its place. */
  loadCaptcha: () => Promise<unknown>;
  /** The login screen's address, where the pages lead once done. */
  loginPath: string;
  /** Signed in: a confirmed email change leads back to Perfil (`profilePath`) then. */
  signedIn: boolean;
  profilePath: string;
};
