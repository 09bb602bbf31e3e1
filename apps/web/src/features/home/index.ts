// The door of the home feature (/main/home).
export { HomePage } from './home-page';
