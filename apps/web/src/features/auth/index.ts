// The door of the auth feature: the login screen (/login) and its captcha, in plain DOM (no
// React on the first visit); app/ mounts it signed out, and the router's /login route wraps it.
export { mountLoginScreen, type LoginScreenOptions } from './components/login-screen';
