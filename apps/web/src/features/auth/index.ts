// The door of the auth feature: the login screen (/login) and its captcha, in plain DOM (no
// React on the first visit); app/ mounts it signed out, and the router's /login route wraps it.
// The account pages (features/account, issue 23) build on its captcha and its plain-DOM parts.
export {
  FORGOT_PASSWORD_PATH,
  mountLoginScreen,
  type LoginScreenOptions,
} from './components/login-screen';
export { captchaField, loadCaptcha } from './components/captcha-widget';
export {
  logo,
  pageLink,
  passwordToggle,
  primaryButton,
  textField,
  textInput,
  type Navigate,
} from './components/login-parts';
