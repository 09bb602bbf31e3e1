import { ACCOUNT_LINK_PATHS, TOKEN_PURPOSES } from '@crm/shared';
import type { AccountPageOptions } from './account-page-options';
import { mountForgotPage } from './forgot-page';
import { mountTokenPage } from './token-page';

/**
 * The account pages' chunk (features/account/index.ts loads it when one is opened): the page
 * for `pathname` into `root`; answers the function that takes it away.
 */
export function mountPage(
  root: HTMLElement,
  pathname: string,
  options: AccountPageOptions,
): () => void {
  const purpose = TOKEN_PURPOSES.find((each) => ACCOUNT_LINK_PATHS[each] === pathname);
  return purpose ? mountTokenPage(root, purpose, options) : mountForgotPage(root, options);
}
