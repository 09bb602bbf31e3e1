// The captcha feature's door: what the app and other features may use (eslint.config.js).
export { captchaRoutes } from './captcha.routes.js';
export { verifyCaptcha } from './captcha.service.js';
export { captchaModels } from './used-captcha.model.js';
