// The door of the auth feature: the login screen (/login) and its captcha.
export { LoginPage } from './components/login-page';
